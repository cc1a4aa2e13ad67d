/** The simulated clock: real time plus an offset that the control API can advance. */
export class SimClock {
  constructor(public offsetMs = 0) {}

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): Date {
    this.offsetMs += ms;
    return this.now();
  }
}
