/**
 * The vault's two adapters must be interchangeable: a value sealed on the Node host opens in the
 * Worker and back, and fingerprints agree, or data written by one host is lost to the other.
 */
import { describe, expect, it } from "vitest";
import { createNodeVault } from "../../worker/node/node-vault";
import { isSealed } from "../../worker/lib/vault";
import { createWebVault } from "../../worker/lib/web-vault";
import { TEST_VAULT_KEY } from "../support/platform";

const OTHER_KEY = btoa(String.fromCharCode(...new Uint8Array(32).fill(7)));

describe("vault", () => {
  const node = createNodeVault(TEST_VAULT_KEY);
  const web = createWebVault(TEST_VAULT_KEY);

  it("seals so that the plaintext is not in the stored text, and opens it again", async () => {
    const sealed = await node.seal('{"documentNumber":"52998224725"}');
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain("52998224725");
    expect(await node.open(sealed)).toBe('{"documentNumber":"52998224725"}');
  });

  it("uses a fresh IV each time: the same plaintext seals differently", async () => {
    expect(await node.seal("x")).not.toBe(await node.seal("x"));
  });

  it("never repeats an IV across the IV pool's refills, and each still opens", async () => {
    // 1,000 seals cross the node adapter's 4 KB pool (341 IVs) twice.
    const sealed = await Promise.all(Array.from({ length: 1000 }, (_, i) => node.seal(`n${i}`)));
    const ivs = sealed.map((s) => s.split(".")[2]);
    expect(new Set(ivs).size).toBe(1000);
    expect(ivs.every((iv) => iv!.length === 16)).toBe(true); // 12 bytes, base64url
    expect(await Promise.all(sealed.map((s) => node.open(s)))).toEqual(Array.from({ length: 1000 }, (_, i) => `n${i}`));
  });

  it("opens across adapters both ways, with the same key id, and digests agree", async () => {
    expect(await web.open(await node.seal("São Paulo ✓"))).toBe("São Paulo ✓");
    expect(await node.open(await web.seal("São Paulo ✓"))).toBe("São Paulo ✓");
    expect((await node.seal("a")).split(".")[1]).toBe((await web.seal("a")).split(".")[1]);
    expect(await node.digests(["a", "b"])).toEqual(await web.digests(["a", "b"]));
  });

  it("refuses a tampered ciphertext", async () => {
    const sealed = await node.seal("pay me");
    const parts = sealed.split(".");
    const data = parts[3]!;
    parts[3] = (data[0] === "A" ? "B" : "A") + data.slice(1);
    await expect(node.open(parts.join("."))).rejects.toThrow();
    await expect(web.open(parts.join("."))).rejects.toThrow();
  });

  it("opens values sealed under a previous key only when that key is configured", async () => {
    const old = createNodeVault(OTHER_KEY);
    const sealed = await old.seal("legacy");
    await expect(node.open(sealed)).rejects.toThrow(/VAULT_PREVIOUS_KEYS/);
    expect(await createNodeVault(TEST_VAULT_KEY, [OTHER_KEY]).open(sealed)).toBe("legacy");
    expect(await createWebVault(TEST_VAULT_KEY, [OTHER_KEY]).open(sealed)).toBe("legacy");
  });

  it("keys its digests: another VAULT_KEY gives other digests", async () => {
    expect(await createNodeVault(OTHER_KEY).digests(["52998224725"])).not.toEqual(await node.digests(["52998224725"]));
  });
});
