// Ability rows: the triggers a CUE card's ability can have.
import { MESSAGES } from '../../../common/messages';

export const ABILITY_TYPES = ['Draw', 'Play', 'Start', 'Return'] as const;
export type AbilityType = (typeof ABILITY_TYPES)[number];

export interface AbilityRow {
  id: string;
  type: AbilityType;
  text: string;
}

/** What a trigger reads like on the card, e.g. "When Drawn:". */
export const ABILITY_LABELS: Record<AbilityType, string> = {
  Draw: 'When Drawn',
  Play: 'When Played',
  Start: 'Start of Turn',
  Return: 'When Returned',
};

export function isAbilityType(value: unknown): value is AbilityType {
  return typeof value === 'string' && (ABILITY_TYPES as readonly string[]).includes(value);
}

export type AbilityCheck = { ok: true; type: AbilityType } | { ok: false; message: string };

/**
 * Validates a requested ability type. The picker only offers known types, but the type can
 * also come from restored state or a hand-edited URL, so an unknown one gets 'Invalid ability type.'.
 */
export function checkAbilityType(value: unknown): AbilityCheck {
  return isAbilityType(value) ? { ok: true, type: value } : { ok: false, message: MESSAGES.cardEditor.invalidAbility };
}

let counter = 0;
/** Ids only need to be unique within one editor session and its saved state. */
export function newAbilityId(): string {
  counter += 1;
  return `ability-${Date.now().toString(36)}-${counter}`;
}
