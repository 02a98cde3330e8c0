/** Cell indices (r*width+c) of the up-to-four orthogonal neighbours of cell i in a width x height grid. */
export function gridNeighbours(i: number, width: number, height: number): number[] {
  const r = Math.floor(i / width);
  const c = i % width;
  const out: number[] = [];
  if (r > 0) out.push(i - width);
  if (r < height - 1) out.push(i + width);
  if (c > 0) out.push(i - 1);
  if (c < width - 1) out.push(i + 1);
  return out;
}
