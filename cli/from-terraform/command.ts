/**
 * `pulumi-streamkap from-terraform`: a Terraform state of the official Streamkap provider becomes a Pulumi project
 * that adopts every object by id (docs/from-terraform.md). The objects are read from the service as `export` reads
 * them, so the program holds what the service has and its first `pulumi up` changes nothing.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

import { ErrorCodes, StreamkapClient, StreamkapError } from "../../provider/public/cli/service";
import { packageVersion, terminalText } from "../command-line";
import { type ExportIo, processIo, settingsFor } from "../export/command";
import { buildProgram, refuseNullProperties, type SecretSetting } from "../export/model";
import {
  jsonText,
  packageJson,
  type ProjectContext,
  pulumiYaml,
  secretCommands,
  stackYaml,
  tsconfigJson,
} from "../export/project-files";
import { type ProjectDirectory, refuseToOverwrite, writeProject } from "../export/project-directory";
import { readService, type ServiceSnapshot, topicDetails } from "../export/read";
import { renderPclProgram } from "../export/pcl";
import { renderProgram } from "../export/render";
import { renderYamlProgram } from "../export/yaml";
import { type FromTerraformArgs, fromTerraformUsage, type Language, parseFromTerraformArgs } from "./args";
import { type ConvertedLanguage, convertedFiles, convertProgram } from "./convert";
import { type Adopted, carriedInstances, importFile, lettingGo, removedBlocks, report, stateRmScript } from "./files";
import { proveGenerated } from "./generated-literals";
import { planHandOver, type PlannedObject, providerSchemaText, writtenBy } from "./plan";
import {
  keepSensitiveSecret,
  redactProse,
  refuseSensitiveIn,
  type SensitiveValue,
  sensitiveOf,
  sensitiveTexts,
} from "./sensitive";
import { instancesOf, readState, type StateInstance, stateFileOf } from "./state";
import { carryTimeouts } from "./timeouts";
import { differences } from "./differences";

/** Where the command writes: the result to stdout; it reads the credentials from `env`. */
export type FromTerraformIo = Omit<ExportIo, "interactive">;

/** The program's own files, by language: what `pulumi convert` writes is not written again. */
const programFiles: Record<Language, readonly string[]> = {
  typescript: ["index.ts", "package.json", "tsconfig.json", "Pulumi.yaml"],
  yaml: ["Pulumi.yaml"],
  pcl: ["main.pp", "Pulumi.yaml"],
  python: [...convertedFiles.python, "Pulumi.yaml"],
  go: [...convertedFiles.go, "Pulumi.yaml"],
};

const isConverted = (language: Language): language is ConvertedLanguage => language in convertedFiles;

const files = (args: Pick<FromTerraformArgs, "stack" | "language">) => [
  ...programFiles[args.language],
  `Pulumi.${args.stack}.yaml`,
  "import.json",
  "README.md",
  "terraform-removed.tf",
  "terraform-state-rm.sh",
  "from-terraform-report.md",
];

export async function runFromTerraformCommand(
  argv: readonly string[],
  io: FromTerraformIo = processIo(),
): Promise<number> {
  const args = parseFromTerraformArgs(argv);
  if (args === "help" || args === "version") {
    io.stdout(args === "help" ? fromTerraformUsage : `${packageVersion()}\n`);
    return 0;
  }
  const stateFile = stateFileOf(args.state);
  const instances = instancesOf(readState(stateFile));
  refuseWithoutStreamkap(stateFile, instances);
  const handOver = planHandOver(instances);
  if (handOver.problems.length > 0 && !args.partial) {
    throw new StreamkapError(
      ErrorCodes.terraformState,
      [
        `${handOver.problems.length} resource(s) of ${stateFile} cannot be carried over, so nothing was written:`,
        ...handOver.problems.map((problem) => `  ${problem.address}: ${problem.problem}`),
        "Fix them in Terraform first, or pass --partial to write the project without them (the report names each).",
      ].join("\n"),
    );
  }
  const target: ProjectDirectory = { out: args.out, force: args.force, command: "from-terraform" };
  refuseToOverwrite(target, files(args));

  const settings = settingsFor("from-terraform", args, io.env);
  const client = new StreamkapClient(settings);
  const snapshot = await readService(client, () => undefined, {
    clientCredentials: handOver.objects.some((object) => object.kind === "clientCredential"),
  });
  // Terraform's topics are a source's or transform's own, which the listing of hand-made topics leaves out.
  const topicIds = new Set(handOver.objects.filter((object) => object.kind === "topic").map((object) => object.id));
  const listed = new Set(snapshot.topics.map((topic) => topic.id));
  const missingTopics = [...topicIds].filter((id) => !listed.has(id)).map((id) => ({ id }));
  snapshot.topics.push(...(await topicDetails(client, missingTopics)));
  const only = new Map(handOver.objects.map((object) => [object.id, object.resourceName]));
  // What Terraform marks sensitive stays secret here too, though the catalogue may not call it one (an access key
  // id): every attribute its schema marks, and every one a state marks (a value from a `sensitive` variable).
  const sensitive = new Map(
    handOver.objects.map((object) => {
      // A marked setting that is not text (a port) stays in its type: keepSensitiveSecret reads it as a number.
      const marked = sensitiveOf(object.instance).attributes;
      const isText = (name: string) => typeof object.instance.attributes[name] === "string";
      const keys = Object.entries(object.type.attributes).flatMap(([name, attribute]) =>
        (attribute.sensitive || (marked.has(name) && isText(name))) && attribute.apiKey ? [attribute.apiKey] : [],
      );
      return [object.id, new Set(keys)];
    }),
  );
  const model = buildProgram(snapshot, {
    prefix: "",
    adopt: true,
    only,
    retainTopics: topicIds,
    alsoSecret: (objectId, key) => sensitive.get(objectId)?.has(key) === true,
  });

  const byId = new Map(handOver.objects.map((object) => [object.id, object]));
  const adopted: Adopted[] = [];
  for (const declaration of model.declarations) {
    const object = declaration.adopts === undefined ? undefined : byId.get(declaration.adopts);
    if (object) adopted.push({ object, declaration });
  }
  // Terraform's `timeouts` blocks, as the resource option standing for them; a `read` deadline has none.
  const readTimeouts = carryTimeouts(adopted);
  const sensitiveSecrets = new Map(
    keepSensitiveSecret(model, adopted).map(({ setting, value }) => [setting.configKey, value]),
  );
  const sensitiveText = sensitiveTexts(adopted, instances);
  redactProse(model, sensitiveText);
  // An object the state names and the service no longer has; one it has but the program left out is in leftOut.
  const live = idsOn(snapshot);
  const gone = handOver.objects.filter((object) => !live.has(object.id));
  const secrets = model.secrets.map((setting) => {
    const object = byId.get(setting.objectId);
    const fromSensitive = sensitiveSecrets.get(setting.configKey);
    return {
      setting,
      address: object?.instance.address ?? "",
      value: fromSensitive !== undefined ? fromSensitive : object ? secretValueOf(object, setting) : undefined,
    };
  });
  const carried = carriedInstances(adopted, handOver.duplicates);
  const letGo = lettingGo(carried, instances);

  const endpoint = settings.endpoint;
  const clientId = "clientId" in settings.credentials ? settings.credentials.clientId : undefined;
  const context: ProjectContext = {
    project: args.project,
    stack: args.stack,
    namePrefix: "",
    endpoint,
    clientId,
    adopt: true,
    secrets: model.secrets,
    credentialKey: clientId !== undefined ? "streamkap:secret" : "streamkap:projectKey",
  };
  // The state file's name, as every file shows it: its control characters as escapes.
  const stateName = terminalText(path.basename(stateFile));
  const description = `Streamkap objects taken over from a Terraform state (${stateName})`;
  // Each file is rendered only when this language writes it: the program's other forms are neither needed nor
  // sure to express this program (the PCL and YAML writers refuse what they have no form for).
  const contents: Record<string, () => string> = {
    "index.ts": () =>
      renderProgram(model, {
        endpoint,
        adopt: true,
        writtenBy: `Written by \`pulumi-streamkap from-terraform\` from the Terraform state ${stateName} and the Streamkap service at ${endpoint}.`,
        secretsFrom:
          "their values come from Terraform's state (`--set-secrets`) and never appear here (see README.md for the " +
          "`pulumi config set --secret` lines)",
      }),
    "Pulumi.yaml": () =>
      args.language === "yaml"
        ? renderYamlProgram(model, { project: args.project, description })
        : args.language === "pcl"
          ? jsonText({ name: args.project, runtime: "pcl", description })
          : pulumiYaml(context),
    "main.pp": () => renderPclProgram(model, { joinLines: args.language !== "go" }),
    [`Pulumi.${args.stack}.yaml`]: () => stackYaml(context),
    "package.json": () => packageJson(context),
    "tsconfig.json": () => tsconfigJson(),
    "README.md": () => readme(context, adopted.length, args.language),
    "import.json": () => importFile(adopted),
    "terraform-removed.tf": () => removedBlocks(letGo),
    "terraform-state-rm.sh": () => stateRmScript(carried),
    "from-terraform-report.md": () =>
      report({
        stateFile: stateName,
        source: providerSchemaText(),
        adopted,
        handOver,
        gone,
        leftOut: [
          ...model.leftOut,
          ...readTimeouts.map(
            (address) => `${address}: its \`timeouts.read\` (Pulumi's refresh takes no deadline of its own)`,
          ),
        ],
        differences: differences(adopted, snapshot),
        secrets: secrets.map(({ setting, address, value }) => ({ setting, address, inState: value !== undefined })),
        letGo,
        writtenBy: writtenBy(handOver.objects),
      }),
  };
  // Everything is rendered before anything is written, so a program this command cannot write leaves no half project.
  const convertTo = isConverted(args.language) ? args.language : undefined;
  const converted = convertTo === undefined ? [] : programFiles[convertTo];
  const texts = files(args)
    .filter((file) => !converted.includes(file))
    .map((file) => ({ name: file, text: contents[file]?.() ?? "" }));
  if (convertTo === "go") refuseNullProperties(model.declarations, "Pulumi's Go SDK");
  const pcl = convertTo === undefined ? "" : (contents["main.pp"]?.() ?? "");

  const lines = [
    `Wrote a Pulumi project adopting ${adopted.length} of the state's objects to ${args.out}; ` +
      `from-terraform-report.md there says what was carried and what was not.`,
    "",
  ];
  const toSet: Array<{ key: string; value: string }> = [];
  if (args.setSecrets) {
    const credential = io.env.STREAMKAP_SECRET ?? io.env.STREAMKAP_PROJECT_KEY;
    if (credential) toSet.push({ key: context.credentialKey, value: credential });
    for (const { setting, value } of secrets) {
      if (value !== undefined) toSet.push({ key: setting.configKey, value: configText(args.language, value) });
    }
    const missing = secrets.filter(({ value }) => value === undefined);
    lines.push(
      `Set ${toSet.length} secret(s) in the stack ${args.stack}'s config.`,
      ...(missing.length > 0
        ? [
            "Terraform's state holds no value for these; set them by hand:",
            ...secretCommands({
              secrets: missing.map(({ setting }) => setting),
              credentialKey: context.credentialKey,
            }).slice(1),
          ]
        : []),
      "",
    );
  } else {
    lines.push(
      `In ${args.out}, set each secret (or run again with --set-secrets to take them from the state):`,
      "",
      ...secretCommands(context),
      "",
    );
  }
  lines.push(
    `Then, in ${args.out}:`,
    ...installSteps[args.language].map((step) => `  ${step}`),
    ...(args.language === "pcl" ? ["  cd ../csharp"] : []),
    `  pulumi up --stack ${args.stack}    # changes nothing on the service`,
    "and let Terraform go with terraform-removed.tf (or terraform-state-rm.sh before Terraform 1.7). See README.md",
    "there.",
    "",
  );
  const output = lines.join("\n");
  refuseSensitiveIn([...texts, { name: "The command's output", text: output }], sensitiveText);

  writeProject(target, (staging) => {
    if (convertTo !== undefined) {
      convertProgram({ language: convertTo, pcl, project: args.project, description, out: staging, env: io.env });
      proveGenerated(convertTo, path.join(staging, convertedFiles[convertTo][0] ?? ""), model, io.env);
      const generated = fs.readdirSync(staging).map((name) => ({ name, text: readIfFile(path.join(staging, name)) }));
      refuseSensitiveIn(generated, sensitiveText);
    }
    for (const { name, text } of texts) fs.writeFileSync(path.join(staging, name), text);
    fs.chmodSync(path.join(staging, "terraform-state-rm.sh"), 0o755);
  });
  if (args.setSecrets) setSecretConfig(args, toSet, io.env);
  io.stdout(terminalText(output));
  return 0;
}

/** A state with no resource of the official provider is the wrong one: said, not written as an empty project. */
function refuseWithoutStreamkap(stateFile: string, instances: readonly StateInstance[]): void {
  if (instances.some((instance) => instance.streamkap)) return;
  throw new StreamkapError(
    ErrorCodes.terraformState,
    `${stateFile} holds no resource of the official Streamkap provider (streamkap-com/streamkap)` +
      (instances.length > 0 ? `, only ${instances.length} of other providers` : ", no resource at all") +
      ", so nothing was written. Is it the state of the right workspace (`terraform workspace show`; " +
      "`terraform workspace select <name>`, then `terraform state pull`) and backend?",
  );
}

/** A file's text for the leak check; a directory a generator wrote is not read. */
function readIfFile(file: string): string {
  return fs.lstatSync(file).isFile() ? fs.readFileSync(file, "utf8") : "";
}

/** Every object's id in a snapshot (a Kafka user's username, a credential's client id), as the state names them. */
function idsOn(snapshot: ServiceSnapshot): Set<string> {
  const { sources, webhookSources, destinations, transforms, pipelines, tags, topics, kafkaUsers } = snapshot;
  return new Set([
    ...[...sources, ...webhookSources, ...destinations, ...transforms, ...pipelines, ...tags, ...topics].map(
      (object) => object.id,
    ),
    ...kafkaUsers.map((user) => user.username),
    ...snapshot.clientCredentials.map((credential) => credential.client_id),
  ]);
}

/**
 * The text stack config holds for a program's string setting. Pulumi YAML reads every config value that is valid
 * JSON as JSON (a key file becomes an object, `12345` a number, even when the config is declared a string), so in
 * YAML a value is given as a JSON string, which it reads back to exactly the value.
 */
function configText(language: FromTerraformArgs["language"], value: SensitiveValue): string {
  if (typeof value !== "string") return String(value);
  return language === "yaml" ? JSON.stringify(value) : value;
}

/**
 * The plaintext value Terraform's state keeps for a secret setting, if it keeps one. Two attributes may stand for
 * one key (a v2 name and its v3 one): the state holds the one its provider's version wrote.
 */
function secretValueOf(object: PlannedObject, setting: SecretSetting): string | undefined {
  const attributes = object.type.attributes;
  const names = [
    ...Object.keys(attributes).filter((candidate) => attributes[candidate]?.apiKey === setting.key),
    ...(Object.hasOwn(attributes, setting.key) ? [setting.key] : []),
  ];
  const values = names.map((name) => object.instance.attributes[name]);
  return values.find((value): value is string => typeof value === "string" && value !== "");
}

/** `pulumi config set --secret` for each value, run in the project with the value on standard input. */
function setSecretConfig(
  args: FromTerraformArgs,
  values: ReadonlyArray<{ key: string; value: string }>,
  env: NodeJS.ProcessEnv,
): void {
  const pulumi = (pulumiArgs: string[], input?: string) => {
    const result = spawnSync("pulumi", pulumiArgs, { cwd: args.out, env, input, encoding: "utf8" });
    if (result.error) {
      throw new Error(
        `--set-secrets runs the pulumi CLI, which could not be started (${result.error.message}). Install it, or ` +
          "run without --set-secrets and set the secrets with the printed lines.",
      );
    }
    return result;
  };
  const select = pulumi(["stack", "select", "--create", args.stack, "--non-interactive"]);
  if (select.status !== 0) {
    throw new Error(
      `--set-secrets could not select or create the stack ${args.stack} in ${args.out}: ${select.stderr.trim()}. ` +
        "Log in to a backend first (pulumi login), then run again with --force.",
    );
  }
  // `pulumi config set` drops one line break from the end of what it reads (and on Windows a carriage return
  // before it): one is added, so a value that ends in its own (a PEM key) arrives whole.
  const lineEnd = process.platform === "win32" ? "\r\n" : "\n";
  for (const { key, value } of values) {
    const set = pulumi(["config", "set", "--secret", "--stack", args.stack, key], value + lineEnd);
    if (set.status !== 0) {
      throw new Error(`--set-secrets could not set ${key} in the stack ${args.stack}: ${set.stderr.trim()}`);
    }
  }
}

/** What a project needs before its first `pulumi up`, by language. */
const installSteps: Record<Language, readonly string[]> = {
  typescript: ["npm install"],
  yaml: [],
  python: ["python3 -m venv venv", "venv/bin/pip install -r requirements.txt"],
  go: ["go mod tidy"],
  // PCL is not run: Pulumi writes it as a project of a language, which takes the stack's config file along.
  pcl: ["pulumi convert --from pcl --language csharp --out ../csharp", `cp Pulumi.*.yaml ../csharp/`],
};

function readme(context: ProjectContext, count: number, language: FromTerraformArgs["language"]): string {
  const pcl = language === "pcl";
  const up = [
    `pulumi up --stack ${context.stack}                            # adopts every object; makes no change on the service`,
    `pulumi preview --stack ${context.stack} --expect-no-changes`,
  ];
  return [
    `# ${context.project}`,
    "",
    `The Streamkap objects a Terraform state managed (${count} resources), taken over by Pulumi without changing any.`,
    "Written by `pulumi-streamkap from-terraform`; `from-terraform-report.md` says what was carried and what was not.",
    "",
    "## Taking over",
    "",
    ...(language === "typescript"
      ? []
      : [
          "The program is on the Streamkap provider plugin (`pulumi-resource-streamkap`; see the package's",
          "docs/languages.md), which must be installed.",
          "",
        ]),
    ...(language === "yaml"
      ? [
          "Pulumi YAML reads a config value that is valid JSON as JSON, so give each secret as a JSON string:",
          "`pulumi config set --secret <key> '\"<value>\"'` (`--set-secrets` does so).",
          "",
        ]
      : []),
    ...(pcl
      ? [
          "`main.pp` is the program in PCL, Pulumi's program language: `pulumi convert` writes it as a project of the",
          "language you choose, and the stack's config file goes along with it.",
          "",
        ]
      : []),
    "```sh",
    `pulumi stack init ${context.stack}   # unless --set-secrets made it`,
    ...secretCommands(context),
    ...installSteps[language],
    ...(pcl ? ["cd ../csharp", ...up] : up),
    "```",
    "",
    "## Terraform lets go",
    "",
    "Delete the carried resources' blocks from the Terraform configuration and add `terraform-removed.tf`; then",
    "`terraform plan` shows each as no longer managed and nothing to destroy, and `terraform apply` forgets them.",
    "Before Terraform 1.7, run `terraform-state-rm.sh` instead.",
    "",
    "## Other languages",
    "",
    "Run `from-terraform` again with `--language typescript`, `python`, `go`, `yaml` or `pcl` (for C# and others).",
    "`import.json` is Pulumi's bulk import file: in a project of any language with the Streamkap provider plugin,",
    "`pulumi import --file import.json` adopts the same objects and writes code for them, with any secret the service",
    "shows written into it: move those to secret config before committing.",
    "",
  ].join("\n");
}
