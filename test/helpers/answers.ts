/** Compares `f`'s answer for each input with the one expected, all at once: a failure shows each input it got wrong. */
export function expectAnswers<I, T>(f: (input: I) => T, cases: [I, T][]): void {
  expect(cases.map(([input]) => [input, f(input)])).toEqual(cases);
}
