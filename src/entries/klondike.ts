/** `tabletop-lab/klondike`: the seed's classes under the seed's names, and the lab's Klondike. */
export * from '../games/klondike/index.js';
