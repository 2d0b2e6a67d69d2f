/**
 * For the tests of the clients over `WorkerRequests`: a worker that keeps the requests it is sent
 * and answers only when the test says (`say`). Never imported by the app.
 */
export class StandInWorker<Request, Response> {
  readonly sent: Request[] = [];
  terminated = false;
  readonly #listeners: ((event: MessageEvent<Response>) => void)[] = [];
  addEventListener(type: string, listener: (event: MessageEvent<Response>) => void): void {
    if (type === 'message') this.#listeners.push(listener);
  }
  removeEventListener(type: string, listener: (event: MessageEvent<Response>) => void): void {
    const at = this.#listeners.indexOf(listener);
    if (type === 'message' && at >= 0) this.#listeners.splice(at, 1);
  }
  postMessage(request: Request): void {
    this.sent.push(request);
  }
  terminate(): void {
    this.terminated = true;
  }
  /** Delivers `response` to every listener, as the worker's message. */
  say(response: Response): void {
    for (const listener of [...this.#listeners]) listener({ data: response } as MessageEvent<Response>);
  }
}
