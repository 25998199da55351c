// Checking a revealed match seed against the commitment published at creation:
// SHA-256(salt ‖ seed) with the 16-byte salt revealed with the seed (docs/DESIGN.md, "Seeds"), or
// SHA-256(seed) alone for a match made before salts (its replay has seed_salt null).

export function hexToBytes(hex) {
  const clean = String(hex).trim().toLowerCase().replace(/^0x/, "");
  if (clean.length % 2 !== 0 || !/^[0-9a-f]*$/.test(clean)) throw new Error("not a hex string");
  const out = new Uint8Array(clean.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(clean.slice(2 * i, 2 * i + 2), 16);
  return out;
}

export async function sha256Hex(bytes) {
  const digest = await globalThis.crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The bytes the commitment hashes: the salt followed by the seed (no salt: the seed alone). */
export function committedBytes(seed, salt = null) {
  const s = hexToBytes(seed);
  if (salt === null || salt === undefined) return s;
  const prefix = hexToBytes(salt);
  const out = new Uint8Array(prefix.length + s.length);
  out.set(prefix, 0);
  out.set(s, prefix.length);
  return out;
}

/** Whether SHA-256(salt ‖ seed), or SHA-256(seed) without a salt, equals the commitment (hex, any case). */
export async function verifySeed(seed, commitment, salt = null) {
  return (await sha256Hex(committedBytes(seed, salt))) === String(commitment).trim().toLowerCase();
}
