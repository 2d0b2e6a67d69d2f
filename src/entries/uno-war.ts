/** `tabletop-lab/uno-war`: the seed's classes under the seed's names (being written: see the open issue). */
export {};
