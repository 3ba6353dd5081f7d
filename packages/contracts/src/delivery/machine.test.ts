import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DeliveryOrderState } from '../enums/care.ts';
import { DeliverySide } from '../enums/shift-work.ts';
import {
  canTransition,
  deliveryEdges,
  deliveryFinalStates,
  deliveryInitialState,
  nextDeliveryStates,
} from './machine.ts';

const S = DeliveryOrderState;
const states = Object.values(S);
const sides = Object.values(DeliverySide);

describe('delivery state machine', () => {
  it('lets the pharmacy walk an order from submission to finish', () => {
    const path = [S.submitted, S.receive, S.processing, S.arranged, S.pickup, S.finish];
    for (let i = 1; i < path.length; i++) {
      expect(canTransition(path[i - 1], path[i], 'pharmacy'), `${path[i - 1]} -> ${path[i]}`).toBe(true);
      expect(canTransition(path[i - 1], path[i], 'care'), `${path[i - 1]} -> ${path[i]} by care`).toBe(false);
    }
  });

  it('refuses finish -> receive and every edge out of a final state', () => {
    expect(canTransition(S.finish, S.receive, 'pharmacy')).toBe(false);
    for (const from of deliveryFinalStates) {
      for (const to of states) for (const side of sides) expect(canTransition(from, to, side)).toBe(false);
    }
  });

  it('never moves a state to itself and never back to submitted except by the care side after a repair', () => {
    for (const s of states) for (const side of sides) expect(canTransition(s, s, side)).toBe(false);
    const intoSubmitted = deliveryEdges.filter((e) => e.to === S.submitted);
    expect(intoSubmitted).toEqual([{ from: S.repairOrSupplement, to: S.submitted, side: 'care' }]);
  });

  it('lets the care side withdraw only before dispensing starts', () => {
    expect(nextDeliveryStates(S.submitted, 'care')).toEqual([S.giveUp]);
    expect(nextDeliveryStates(S.receive, 'care')).toEqual([S.giveUp]);
    expect(nextDeliveryStates(S.processing, 'care')).toEqual([]);
    expect(nextDeliveryStates(S.pickup, 'care')).toEqual([]);
    expect(nextDeliveryStates(S.repairOrSupplement, 'care').sort()).toEqual([S.giveUp, S.submitted].sort());
  });

  it('reaches every state from the start and lets every non-final state move on', () => {
    const seen = new Set<number>([deliveryInitialState]);
    let grew = true;
    while (grew) {
      grew = false;
      for (const e of deliveryEdges) {
        if (seen.has(e.from) && !seen.has(e.to)) {
          seen.add(e.to);
          grew = true;
        }
      }
    }
    expect([...seen].sort()).toEqual([...states].sort());
    for (const s of states) {
      if (deliveryFinalStates.has(s)) continue;
      expect(deliveryEdges.some((e) => e.from === s), `state ${s} has a way out`).toBe(true);
    }
  });

  it('has exactly the edges drawn in docs/delivery.md', () => {
    const doc = readFileSync(new URL('../../../../docs/delivery.md', import.meta.url), 'utf8');
    const diagram = doc.slice(doc.indexOf('stateDiagram-v2'), doc.indexOf('```', doc.indexOf('stateDiagram-v2')));
    const drawn = [...diagram.matchAll(/^\s*(\w+) --> (\w+):/gm)]
      .filter(([, from]) => from in S)
      .map(([, from, to]) => `${S[from as keyof typeof S]}->${S[to as keyof typeof S]}`)
      .sort();
    expect(drawn).toEqual(deliveryEdges.map((e) => `${e.from}->${e.to}`).sort());
  });
});
