/** `customTimeouts` durations as Pulumi writes them (Go's time.ParseDuration), read into milliseconds. */
import { durationMs } from "../../provider/engine/common-inputs";

test.each([
  ["90s", 90_000],
  ["10m", 600_000],
  ["1h30m", 5_400_000],
  ["250ms", 250],
  ["1.5h", 5_400_000],
])("%s is %d ms", (text, ms) => {
  expect(durationMs(text)).toBe(ms);
});

test.each(["ten minutes", "10", "", "5 m", "-1m"])("%j is not a duration", (text) => {
  expect(durationMs(text)).toBeUndefined();
});
