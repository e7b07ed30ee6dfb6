/**
 * Reads the Markdown documentation (README.md and docs/**) the way GitHub renders it: fenced code blocks with the
 * line they open on, headings as the anchors GitHub makes of them, and the relative links between pages.
 */
import * as fs from "node:fs";
import * as path from "node:path";

export const repoRoot = path.resolve(__dirname, "../../..");

/** README.md and every Markdown file under docs/ and examples/, as paths relative to the repository root. */
export function documentationFiles(): string[] {
  const found: string[] = ["README.md"];
  const walk = (dir: string): void => {
    for (const entry of fs
      .readdirSync(path.join(repoRoot, dir), { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (entry.name.endsWith(".md")) found.push(relative);
    }
  };
  walk("docs");
  walk("examples");
  return found;
}

export interface CodeBlock {
  /** The fence's info string's first word, lower-cased: `ts`, `yaml`, `sh`, … */
  lang: string;
  /** 1-based line of the opening fence. */
  line: number;
  code: string;
  /** The line right before the opening fence (an HTML comment such as `<!-- not runnable: … -->`), trimmed. */
  before: string;
}

interface Parsed {
  blocks: CodeBlock[];
  /** The file's lines with front matter and fenced blocks blanked, so links and headings in code are not read. */
  prose: string[];
}

function parse(text: string): Parsed {
  const lines = text.split("\n");
  const blocks: CodeBlock[] = [];
  const prose = [...lines];
  let index = 0;
  // Front matter (the Pulumi Registry's `title:`/`meta_desc:` block) is not rendered as Markdown.
  if (lines[0] === "---") {
    const end = lines.indexOf("---", 1);
    if (end > 0) {
      for (let i = 0; i <= end; i++) prose[i] = "";
      index = end + 1;
    }
  }
  for (; index < lines.length; index++) {
    const open = /^ {0,3}(`{3,}|~{3,})\s*([^\s`]*)/.exec(lines[index]);
    if (!open) continue;
    const fence = open[1];
    const start = index;
    const body: string[] = [];
    for (index++; index < lines.length; index++) {
      const close = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(lines[index]);
      if (close && close[1][0] === fence[0] && close[1].length >= fence.length) break;
      body.push(lines[index]);
    }
    for (let i = start; i <= Math.min(index, lines.length - 1); i++) prose[i] = "";
    blocks.push({
      lang: open[2].toLowerCase(),
      line: start + 1,
      code: body.join("\n") + "\n",
      before: start > 0 ? lines[start - 1].trim() : "",
    });
  }
  return { blocks, prose };
}

export function codeBlocks(text: string): CodeBlock[] {
  return parse(text).blocks;
}

/** GitHub's anchor for a heading: lower-case, punctuation other than `-` and `_` dropped, spaces to `-`. */
export function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1") // a link in a heading anchors on its text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, "")
    .replace(/ /g, "-");
}

/** Every anchor a file's headings make, with GitHub's `-1`, `-2` suffixes for repeated headings. */
export function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const line of parse(text).prose) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

export interface Link {
  line: number;
  target: string;
}

/** Markdown links `[text](target)` and images in prose (not in code blocks or inline code). */
export function links(text: string): Link[] {
  const found: Link[] = [];
  parse(text).prose.forEach((raw, i) => {
    const line = raw.replace(/(`+).*?\1/g, ""); // inline code is not a link
    for (const match of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      found.push({ line: i + 1, target: match[1] });
    }
  });
  return found;
}
