/**
 * @module
 * The undo journal behind store transactions. Each write made while a transaction is open
 * pushes the step that undoes it; a failed transaction runs those steps newest first.
 */

export type UndoStep = () => void | Promise<void>

export class Journal {
  #steps: UndoStep[] | null = null

  get active(): boolean {
    return this.#steps !== null
  }

  begin(): void {
    this.#steps = []
  }

  record(step: UndoStep): void {
    this.#steps?.push(step)
  }

  commit(): void {
    this.#steps = null
  }

  async rollback(): Promise<void> {
    const steps = this.#steps ?? []
    // undo steps must not journal themselves
    this.#steps = null
    for (let i = steps.length - 1; i >= 0; i--) await steps[i]!()
  }
}
