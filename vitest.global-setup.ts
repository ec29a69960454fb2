/** Runs once in the Vitest process, before any project: says which Node runs the tests. */
export default function setup(): void {
  console.log(`Vitest on Node ${process.version}`);
}
