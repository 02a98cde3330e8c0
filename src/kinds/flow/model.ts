export type Cell = [number, number]; // [row, column], both from 0

export type Difficulty = 'easy' | 'medium' | 'hard' | 'expert';

export interface Endpoints {
  label: string;
  cells: [Cell, Cell];
}

export interface FlowPath {
  label: string;
  cells: Cell[]; // from the first endpoint to the second, one cell at a time
}

export interface FlowModel {
  width: number;
  height: number;
  difficulty: Difficulty;
  endpoints: Endpoints[];
  paths: FlowPath[];
}

/**
 * The puzzle as the solver sees it: one number per cell, 0 for an empty cell, k (1-based) for an
 * endpoint of line k. Row-major, `width` cells per row.
 */
export interface Clues {
  width: number;
  height: number;
  colours: number;
  cells: Uint8Array;
}

export function cluesOf(model: FlowModel): Clues {
  const cells = new Uint8Array(model.width * model.height);
  model.endpoints.forEach((e, i) => {
    for (const [r, c] of e.cells) cells[r * model.width + c] = i + 1;
  });
  return { width: model.width, height: model.height, colours: model.endpoints.length, cells };
}
