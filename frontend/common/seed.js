// Checking a revealed match seed against the SHA-256 commitment published at creation.

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

/** Whether SHA-256(hex-decoded seed) equals the commitment (hex, any case). */
export async function verifySeed(seed, commitment) {
  return (await sha256Hex(hexToBytes(seed))) === String(commitment).trim().toLowerCase();
}
