/**
 * Text other people control, as the writers' property tests feed it to every language: each case a probe of
 * `from-terraform` found harmful (issue #50), and random Unicode from a seeded generator, so a failure reproduces.
 */

/** The cases every writer must hold exactly: quotes, escapes, interpolations, function keys, line breaks. */
export const hostileCases: readonly string[] = [
  'a"b',
  "a'b",
  "a`b",
  "back\\slash",
  'split("\\n")',
  "\\N{BULLET} \\x41 \\u0041 \\U00000041 \\0",
  "${x}",
  "$${x}",
  "$$",
  "$",
  "a$",
  "%{ if true }x%{ endif }",
  "%%{",
  "$$${x}",
  "fn::readFile",
  "Fn::ReadFile",
  "fn::streamkap:index:getTags",
  '"""; import os; os.system("touch pwned"); x = """',
  "'''; open('pwned', 'w'); x = '''",
  '"; os.WriteFile("pwned", nil, 0o600); _ = "',
  "`; panic(1); _ = `",
  "line one\nline two",
  "\nleading and trailing\n",
  "crlf\r\nline",
  "lone\rcarriage",
  "tab\there",
  "nul\u0000byte",
  "bell\u0007 backspace\b formfeed\f vtab\u000b escape\u001b[31m",
  "del\u007f c1\u0080\u0085\u009f",
  "nel\u0085line",
  "ls\u2028ps\u2029",
  "bom\ufeffbom",
  "nonchar\ufffe\uffff",
  "emoji 😀 and 𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
  "right-to-left \u202eevil",
  "yes",
  "no",
  "~",
  "null",
  "0x10",
  "1e3",
  "- item",
  "key: value",
  "# comment",
  "&anchor *alias !tag",
  "{ a: b }",
  "[1, 2]",
  "]",
  '["x"]',
  "}",
  "'",
  "  padded  ",
  "",
  "<script>alert(1)</script>",
  "|pipe|",
  "`code`",
];

/** A deterministic generator of random Unicode text (mulberry32), so a failing case is the same on every run. */
export function randomTexts(seed: number, count: number, maxLength = 24): string[] {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  // Mostly the characters that matter to quoting, then any plane's.
  const special = ['"', "'", "`", "\\", "$", "{", "}", "%", "\n", "\r", "\t", ":", "#", "\u0000", "\u0085", "\u2028"];
  const character = (): string => {
    const roll = next();
    if (roll < 0.35) return special[Math.floor(next() * special.length)] ?? "$";
    if (roll < 0.6) return String.fromCharCode(0x20 + Math.floor(next() * 0x5f));
    if (roll < 0.7) return String.fromCharCode(Math.floor(next() * 0x20));
    if (roll < 0.8) return String.fromCharCode(0x7f + Math.floor(next() * 0x21));
    let point = Math.floor(next() * 0x10ffff);
    if (point >= 0xd800 && point <= 0xdfff) point = 0xe000 + (point - 0xd800);
    return String.fromCodePoint(point);
  };
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + Math.floor(next() * maxLength) }, character).join(""),
  );
}

/** Every hostile case, then `randomCount` random texts of `seed`. */
export function hostileTexts(seed: number, randomCount: number): string[] {
  return [...hostileCases, ...randomTexts(seed, randomCount)];
}
