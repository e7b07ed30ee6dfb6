import * as path from "node:path";

import * as pulumi from "@pulumi/pulumi";

import { ErrorCodes, settingProblems, withCodeTag } from "../provider/public/settings";

/**
 * The base of every Streamkap resource class: a dynamic resource that hands the resource option
 * `customTimeouts` to the provider as an input. Dynamic providers never see resource options, so without this
 * `customTimeouts: { create: "30m" }` would be silently ignored; here it is each operation's deadline (a change
 * to it alone is never a change to the object).
 */
export class StreamkapResource extends pulumi.dynamic.Resource {
  constructor(
    provider: pulumi.dynamic.ResourceProvider,
    name: string,
    props: pulumi.Inputs,
    opts?: pulumi.CustomResourceOptions,
    module?: string,
    type?: string,
  ) {
    checkSettingsOnce();
    // Pulumi records a stack trace for each of four promises per property (for its promise-leak report), and a
    // Streamkap resource declares one property per setting so that every live value is an output: at 500
    // resources those traces were most of the program's CPU. The report still names the resource and the
    // property of each promise; only the trace, which would point into this constructor, is left out.
    const stackTraceLimit = Error.stackTraceLimit;
    const prepareStackTrace = Error.prepareStackTrace;
    Error.stackTraceLimit = 0;
    Error.prepareStackTrace = withoutFramesOf(packageCode, prepareStackTrace);
    try {
      super(provider, name, { ...props, customTimeouts: timeoutsOf(opts) }, opts, module, type);
    } finally {
      Error.stackTraceLimit = stackTraceLimit;
      Error.prepareStackTrace = prepareStackTrace;
    }
  }
}

let settingsChecked = false;

/**
 * The stack's `streamkap:` settings, checked before the first resource is declared, so that a typo
 * (`streamkap:maxConcurency`) or a value a setting cannot take fails `preview` naming it, instead of being
 * ignored or failing every resource at `up`. The plugin's CheckConfig does the same for the other languages.
 */
function checkSettingsOnce(): void {
  if (settingsChecked) return;
  settingsChecked = true;
  const config = pulumi.runtime.allConfig();
  const keys = Object.keys(config).filter((key) => key.startsWith("streamkap:"));
  const problems = settingProblems(keys, (key) => config[key], process.env, pulumi.getProject());
  if (problems.length === 0) return;
  const message =
    `the Streamkap provider's settings:\n  ${problems.join("\n  ")}\nCorrect them in stack config ` +
    "(`pulumi config`) or the environment.";
  throw new pulumi.RunError(withCodeTag(message, ErrorCodes.invalidSetting));
}

/** This package's resource classes: every file under the folder of this one. */
const packageCode = __dirname + path.sep;

type PrepareStackTrace = NonNullable<ErrorConstructor["prepareStackTrace"]>;

/**
 * Pulumi records where each resource was declared (its source position, and the stack trace in state) from the
 * stack of its constructor, skipping a fixed number of its own frames. Through these classes the first frame it
 * kept was this file, and the trace carried five frames of this package per resource. Leaving this package's
 * frames out of the trace Pulumi reads makes the recorded position the program's own line. Any formatter already
 * installed (ts-node's source maps) still formats what is left.
 */
function withoutFramesOf(folder: string, format: ErrorConstructor["prepareStackTrace"]): PrepareStackTrace {
  return (error, frames) => {
    const kept = frames.filter((frame) => !(frame.getFileName() ?? "").startsWith(folder));
    return format ? format(error, kept) : [String(error), ...kept.map((frame) => `    at ${String(frame)}`)].join("\n");
  };
}

/** The deadlines the program set, as plain strings (`"10m"`, `"1h30m"`); undefined when it set none. */
function timeoutsOf(opts: pulumi.CustomResourceOptions | undefined): pulumi.Input<pulumi.Inputs> | undefined {
  const timeouts = opts?.customTimeouts;
  if (!timeouts) return undefined;
  const set = Object.entries({ create: timeouts.create, update: timeouts.update, delete: timeouts.delete }).filter(
    ([, value]) => value !== undefined,
  );
  return set.length === 0 ? undefined : Object.fromEntries(set);
}
