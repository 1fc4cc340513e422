/**
 * A seeded pseudo-random sequence for tests that check a fast path against a plain model over many
 * random cases: the same seed gives the same cases, so a failure can be replayed.
 */

/** `draw(below)`: the next integer in [0, below). Uses the generator's high bits (an LCG's low bits repeat every few draws). */
export function seededDraw(seed: number): (below: number) => number {
  let state = seed >>> 0
  return (below) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return Math.floor((state / 2 ** 32) * below)
  }
}
