/**
 * A program in Python or Go from its PCL form, written by Pulumi's own generators: `pulumi convert --from pcl`
 * binds the program against the provider plugin's schema and asks the language's host to write the project.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

import { ErrorCodes, StreamkapError } from "../../provider/public/cli/service";
import { jsonText } from "../export/project-files";

export type ConvertedLanguage = "python" | "go";

/** The files `pulumi convert` writes for a language, besides Pulumi.yaml. */
export const convertedFiles: Record<ConvertedLanguage, readonly string[]> = {
  python: ["__main__.py", "requirements.txt"],
  go: ["main.go", "go.mod"],
};

export interface ConvertInput {
  language: ConvertedLanguage;
  /** The program in PCL (main.pp). */
  pcl: string;
  project: string;
  description: string;
  out: string;
  env: NodeJS.ProcessEnv;
}

/** Writes the project into `out` with `pulumi convert`, or throws with what Pulumi said and what to do. */
export function convertProgram(input: ConvertInput): void {
  const source = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-from-terraform-pcl-"));
  try {
    fs.writeFileSync(path.join(source, "main.pp"), input.pcl);
    // The project the generators write (JSON is YAML): its name, description and, for now, any runtime.
    fs.writeFileSync(
      path.join(source, "Pulumi.yaml"),
      jsonText({ name: input.project, runtime: input.language, description: input.description }),
    );
    const args = ["convert", "--from", "pcl", "--language", input.language, "--out", path.resolve(input.out)];
    const result = spawnSync("pulumi", [...args, "--generate-only", "--non-interactive"], {
      cwd: source,
      env: input.env,
      encoding: "utf8",
      maxBuffer: 64 << 20,
    });
    if (result.error) {
      throw new StreamkapError(
        ErrorCodes.programValue,
        `--language ${input.language} runs \`pulumi convert\`, and the pulumi CLI could not be started ` +
          `(${result.error.message}). Install it (https://www.pulumi.com/docs/install/), or write --language pcl ` +
          "and convert it where pulumi is installed.",
      );
    }
    if (result.status !== 0) {
      const said = `${result.stderr}\n${result.stdout}`.trim().split("\n").slice(-12).join("\n");
      throw new StreamkapError(
        ErrorCodes.programValue,
        `\`pulumi ${args.join(" ")}\` failed, so nothing was written:\n${said}\nIt needs the Streamkap provider plugin (pulumi plugin ` +
          "install resource streamkap, docs/languages.md) and the language's host (bundled with pulumi).",
      );
    }
  } finally {
    fs.rmSync(source, { recursive: true, force: true });
  }
  if (input.language === "python") useVirtualenv(path.join(input.out, "Pulumi.yaml"));
}

/**
 * A Python project runs in its own virtualenv, as `pulumi new python` makes it: Pulumi's generator writes a bare
 * `runtime: python`, which would run the program with whatever python3 is first on PATH.
 */
function useVirtualenv(projectFile: string): void {
  const text = fs.readFileSync(projectFile, "utf8");
  const runtime = /^runtime: python$/m;
  if (!runtime.test(text)) return;
  fs.writeFileSync(
    projectFile,
    text.replace(runtime, "runtime:\n  name: python\n  options:\n    toolchain: pip\n    virtualenv: venv"),
  );
}
