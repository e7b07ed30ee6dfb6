/**
 * One command-line convention, through the built `pulumi-streamkap` command as a user runs it: every command
 * answers `--help` and `--version`, and a usage error names the command, what is wrong and where the usage is,
 * with exit code 2.
 */
import { execFile } from "node:child_process";
import * as path from "node:path";

const cli = path.resolve(__dirname, "../../cli/main.js");
const version = (require(path.resolve(__dirname, "../../../package.json")) as { version: string }).version;

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [cli, ...args], (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end();
  });
}

const commands = ["local", "pr-summary", "export"];

test.each(commands)("`%s --help` prints the command's usage and exits 0", async (command) => {
  const result = await run([command, "--help"]);
  expect(result).toMatchObject({ code: 0, stderr: "" });
  expect(result.stdout).toMatch(new RegExp(`^Usage: pulumi-streamkap ${command} `));
});

test.each([[], ...commands.map((command) => [command])])("`%s --version` prints the version", async (...command) => {
  const result = await run([...command, "--version"]);
  expect(result).toEqual({ code: 0, stdout: `${version}\n`, stderr: "" });
});

test.each([
  ["local", ["--bogus"], 'unknown option "--bogus"'],
  ["local", ["--port", "99999"], "--port must be 0..65535"],
  ["pr-summary", ["--format", "xml"], '--format must be markdown or json, not "xml"'],
  ["export", ["--out"], "--out needs a value"],
  ["export", ["--out", "x", "stray"], 'unexpected argument "stray": export takes options only'],
  ["export", ["--adopt=yes", "--out", "x"], "--adopt takes no value"],
  ["local", ["--data", "--json"], '--data needs a value (one starting with "-" goes as --data=VALUE)'],
])("a usage error of %s %j names the command and the problem, and exits 2", async (command, args, problem) => {
  const result = await run([command, ...args]);
  expect(result).toEqual({
    code: 2,
    stdout: "",
    stderr: `pulumi-streamkap ${command}: ${problem} (see \`pulumi-streamkap ${command} --help\`)\n`,
  });
});

test("an unknown command lists the commands and exits 2", async () => {
  const result = await run(["deploy"]);
  expect(result.code).toBe(2);
  expect(result.stderr).toContain('pulumi-streamkap: unknown command "deploy"');
  expect(result.stderr).toContain("Commands:");
});
