/**
 * A submission's reference as people read it aloud on the phone: `LFH-7K3Q-9X`. Five random
 * characters and a check character from an alphabet with nothing that sounds or looks like
 * another (no 0/O, no 1/I/L). The check character catches any one mistyped or misheard character
 * and any two neighbours swapped, so a wrong reference is refused instead of finding someone
 * else's lead.
 */

/** 31 characters: digits 2–9 and the letters without I, L and O. A prime count, for the check. */
export const referenceAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

const prefix = "LFH";
const randomLength = 5;

/** A reference as it is stored and shown: `LFH-` four characters, `-`, two (the last is the check). */
export const referencePattern = new RegExp(`^${prefix}-[${referenceAlphabet}]{4}-[${referenceAlphabet}]{2}$`);

/** The check character: a weighted sum modulo 31, each position its own weight (1..5). */
function checkCharacter(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += (i + 1) * referenceAlphabet.indexOf(body[i]!);
  return referenceAlphabet[sum % referenceAlphabet.length]!;
}

function format(body: string): string {
  const all = body + checkCharacter(body);
  return `${prefix}-${all.slice(0, 4)}-${all.slice(4)}`;
}

/** Fills `bytes` with random values (crypto.getRandomValues in browsers and Node alike). */
type RandomBytes = (bytes: Uint8Array) => Uint8Array;
const cryptoRandom: RandomBytes = (bytes) => globalThis.crypto.getRandomValues(bytes);

/**
 * A new random reference (about 28.6 million of them: the store's unique index catches the rare
 * repeat and the caller draws again). Bytes past the largest multiple of 31 are drawn again, so
 * every character is equally likely.
 */
export function newReference(random: RandomBytes = cryptoRandom): string {
  const limit = 256 - (256 % referenceAlphabet.length);
  let body = "";
  while (body.length < randomLength) {
    for (const byte of random(new Uint8Array(randomLength))) {
      if (byte < limit && body.length < randomLength) body += referenceAlphabet[byte % referenceAlphabet.length];
    }
  }
  return format(body);
}

/**
 * A reference as someone typed or read it (`lfh7k3q9x`, `7K3Q-9X`, ` LFH 7K3Q 9X `) in its stored
 * form, or undefined when it is not one: wrong length, a character outside the alphabet, or a
 * check character that does not match.
 */
export function parseReference(input: string): string | undefined {
  let compact = input.toUpperCase().replace(/[\s-]/g, "");
  if (compact.length === prefix.length + randomLength + 1 && compact.startsWith(prefix))
    compact = compact.slice(prefix.length);
  if (compact.length !== randomLength + 1) return undefined;
  if (![...compact].every((character) => referenceAlphabet.includes(character))) return undefined;
  const body = compact.slice(0, randomLength);
  return checkCharacter(body) === compact[randomLength] ? format(body) : undefined;
}
