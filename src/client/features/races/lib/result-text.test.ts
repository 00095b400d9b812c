import { describe, expect, it } from 'vitest';
import { finishLines, horseLabel, winnerText } from './result-text';

const finishers = [
  { position: 3, horseName: 'Charlie', horseNumber: 3 },
  { position: 1, horseName: 'Alpha', horseNumber: null },
  { position: 1, horseName: null, horseNumber: 7 },
];

describe('race result text', () => {
  it('lists finishers by position and marks dead heats as =1', () => {
    expect(finishLines({ finishers }).map((l) => [l.label, l.horse, l.spoken])).toEqual([
      ['=1', 'Alpha', 'Dead heat for 1st'],
      ['=1', 'No. 7', 'Dead heat for 1st'],
      ['3', '3 · Charlie', '3rd'],
    ]);
  });

  it('names the winner, or the dead-heated winners', () => {
    expect(winnerText({ finishers })).toBe('Alpha and No. 7 (dead heat)');
    expect(winnerText({ finishers: finishers.slice(0, 2) })).toBe('Alpha');
    expect(winnerText({ finishers: finishers.slice(0, 1) })).toBeNull();
    expect(horseLabel({ horseName: null, horseNumber: null })).toBe('—');
  });
});
