import { describe, expect, it } from "vitest";
import { estimateStrength } from "./strength.server";
import { loadStrengthEstimator, strengthUserInputs } from "./strength";

describe("password strength (zxcvbn-ts with common + English dictionaries)", () => {
  it("rates the most common passwords 0 and explains why", () => {
    for (const pw of ["password", "123456", "qwerty", "iloveyou"]) {
      const r = estimateStrength(pw);
      expect(r.score, pw).toBe(0);
      expect(r.label).toBe("Very weak");
    }
    const r = estimateStrength("password");
    expect(r.warning).toBe("This is a heavily used password.");
    expect(r.crackTimes.offlineFastHashing1e10PerSecond).toBe("less than a second");
    expect(r.guesses).toBeLessThan(10);
  });

  it("rates a long random passphrase 4 with crack times in centuries", () => {
    const r = estimateStrength("tundra-Marmalade-vexing-quorum-81-plinth");
    expect(r.score).toBe(4);
    expect(r.label).toBe("Very strong");
    expect(r.crackTimes.onlineThrottling100PerHour).toBe("centuries");
    expect(r.guessesLog10).toBeGreaterThan(14);
    expect(r.warning).toBeNull();
  });

  it("gives all four crack-time cases as display strings, slowest attacker taking longest", () => {
    const r = estimateStrength("Tr0ub4dour&3");
    expect(Object.keys(r.crackTimes).sort()).toEqual(
      [
        "offlineFastHashing1e10PerSecond",
        "offlineSlowHashing1e4PerSecond",
        "onlineNoThrottling10PerSecond",
        "onlineThrottling100PerHour",
      ].sort(),
    );
    for (const v of Object.values(r.crackTimes)) expect(typeof v).toBe("string");
    expect(r.crackTimesSeconds.onlineThrottling100PerHour).toBeGreaterThan(
      r.crackTimesSeconds.offlineFastHashing1e10PerSecond,
    );
  });

  it("counts the user's e-mail, its local part and the organization name as guessable", () => {
    const pw = "marguerite.okonkwo-Zephyrlabs";
    const without = estimateStrength(pw);
    const inputs = strengthUserInputs("Marguerite.Okonkwo@zephyrlabs.example", "Zephyrlabs");
    expect(inputs).toEqual(
      expect.arrayContaining([
        "marguerite.okonkwo@zephyrlabs.example",
        "marguerite.okonkwo",
        "marguerite",
        "okonkwo",
        "zephyrlabs",
      ]),
    );
    const withInputs = estimateStrength(pw, inputs);
    expect(withInputs.guessesLog10).toBeLessThan(without.guessesLog10 - 5);
    expect(withInputs.score).toBeLessThan(without.score);
  });

  it("stays fast on long, symbol-heavy input (it runs on the server for every sign-up)", () => {
    const nasty = Array.from({ length: 256 }, (_, i) => String.fromCharCode(33 + ((i * 37) % 90))).join("");
    estimateStrength("warm up");
    const started = performance.now();
    const r = estimateStrength(nasty);
    expect(r.score).toBe(4);
    // The library's defaults took over 8 s here; with the limits well under one.
    expect(performance.now() - started).toBeLessThan(1500);
    expect(estimateStrength("P@$$w0rd").score).toBe(0);
  });

  it("gives the same answer through the lazily loaded estimator the browser uses", async () => {
    const estimate = await loadStrengthEstimator();
    expect(estimate("password").score).toBe(0);
    expect(estimate("tundra-Marmalade-vexing-quorum-81-plinth").score).toBe(4);
  });
});
