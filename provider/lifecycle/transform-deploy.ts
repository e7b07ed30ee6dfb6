import { setTimeout as sleep } from "node:timers/promises";

import { z } from "zod";

import { envelope, implementationAnswer, jobStatusAnswer, transformRecord, unitTestAnswer } from "../client/responses";
import type { Json, JsonObject, KindContext, ObjectHandle } from "../engine/kind";
import { compact, semanticEqual } from "../engine/values";
import { describeCall, ErrorCodes, StreamkapError, errors } from "../errors";
/** What the deploy steps read from the inputs (see kinds/transform.ts for the full schema). */
export interface DeployInputs {
  type: string;
  implementation?: unknown;
  unitTest?: { name?: string; input: JsonObject[]; expectedOutput: JsonObject[] };
  deploy?: boolean;
  replayWindow?: string;
  deployTimeoutSeconds?: number;
}

/**
 * What the deploy steps need of the transform kind's declarations, worked out by the kind from the inputs: its wire
 * forms and its type's facts (a procedure reads no kind's declarations itself: docs/architecture.md).
 */
export interface DeployWire {
  /** The wire config of the inputs, and of the previous inputs when there are some. */
  config: JsonObject;
  previousConfig: JsonObject | undefined;
  /** Whether the implementation writes a version: anything beyond its language. */
  hasCode: boolean;
  /** Whether the type deploys a preview job before the live one (every Flink-based type). */
  previewDeploy: boolean;
  /** The implementation as `PUT …/implementation_details` takes it, given the unit test's wire form. */
  implementation(unitTest: JsonObject | undefined): JsonObject | undefined;
}

/** The versions as the transform reports them before the deploy steps run. */
export interface DeployedVersions {
  version?: string;
  previewVersion?: string;
  liveVersion?: string;
}

/** @default 10 minutes: a Flink job usually starts in one or two. */
export const defaultDeployTimeoutSeconds = 600;

// Final job states (TF internal/constants/transform_status.go; DOCS get-jobs-status lists the transient ones).
const runningStatuses = new Set(["RUNNING"]);
const failedStatuses = new Set(["FAILED", "CANCELED", "STOPPED"]);

/** Text of a version number or string; undefined for none. */
export function versionText(value: unknown): string | undefined {
  return value === null || value === undefined || value === "" ? undefined : String(value);
}

/** The implementation as `PUT …/implementation_details` takes it, the unit test inside code ones. */
function implementationBody(inputs: DeployInputs, wire: DeployWire): JsonObject | undefined {
  const test = inputs.unitTest;
  const record = (item: JsonObject) =>
    compact({ topic: item.topic, key: item.key, value: item.value, timestamp: item.timestamp });
  const unitTest = test
    ? {
        test_name: test.name ?? "pulumi",
        input__json: test.input.map(record) as Json[],
        output__json: test.expectedOutput.map(record) as Json[],
      }
    : undefined;
  return wire.implementation(unitTest);
}

/** An error whose `outputs` the engine stores with the transform (see ConvergeFailure in engine/kind.ts). */
class DeployFailure extends StreamkapError {
  constructor(
    cause: StreamkapError,
    readonly outputs: JsonObject,
  ) {
    super(cause.code, cause.message, cause.call, cause.resource);
  }
}

/** The version id that deploys the latest version; the backend resolves it (TF constants/transform_status.go). */
const latestVersion = "no-version";

/**
 * `replay_window` for the preview deploy: the backend's `(\d+)([smhd])` regex answers 400 to `0`, which means "from
 * the latest position" as an omitted window does, so `0` is never sent (TF internal/api/transform.go:307-320).
 */
export function replayQuery(replayWindow: string | undefined): Record<string, string> {
  return replayWindow === undefined || replayWindow === "" || replayWindow === "0"
    ? {}
    : { replay_window: replayWindow };
}

/**
 * After create or update, as the reference client does (TF internal/resource/transform/base.go:743-803): write the
 * implementation as a new version when it changed and run its unit test (a failing one stops here); then, only
 * when `deploy` is set, deploy the latest version as the preview job (Flink types only) and live, and wait for
 * the job with the `deployTimeoutSeconds` deadline. Returns the job status when something was deployed.
 *
 * With `deploy` set, a create, a code change, a config change, or a transform the service no longer runs live is
 * deployed again (a running job does not pick up new config by itself); a change of `replayWindow` or
 * `deployTimeoutSeconds` alone is not.
 *
 * When the code or the deploy was not done, the error keeps the previous `implementation`, `unitTest` and
 * `deploy` in state, so the next preview still shows that change and the next `up` does it again.
 */
export async function deployTransform(
  self: ObjectHandle<unknown>,
  inputs: DeployInputs,
  before: DeployedVersions,
  previous: JsonObject | undefined,
  wire: DeployWire,
): Promise<JsonObject> {
  // A latest version other than the one in state was written by a failed run (its test failed) or outside
  // Pulumi: it is never deployed as is, the code is written and tested again.
  const codeChanged =
    wire.hasCode &&
    (previous === undefined ||
      before.version === undefined ||
      versionText(previous.version) !== before.version ||
      !semanticEqual(previous.implementation, inputs.implementation) ||
      !semanticEqual(previous.unitTest, inputs.unitTest));
  const deployNeeded =
    inputs.deploy === true &&
    (previous === undefined ||
      codeChanged ||
      previous.deploy !== true ||
      before.liveVersion === undefined ||
      previous.type !== inputs.type ||
      !semanticEqual(wire.previousConfig, wire.config));
  const { context, id, path } = self;

  let deployed = false;
  try {
    if (codeChanged) {
      const written = await writeImplementation(context, path, id, inputs, wire);
      if (inputs.unitTest !== undefined) await runUnitTest(context, path, written, inputs.unitTest.name ?? "pulumi");
    }
    if (deployNeeded) {
      if (wire.previewDeploy) {
        await context.client.call({
          method: "PUT",
          path: `${path}/deploy-job-preview/${latestVersion}`,
          query: replayQuery(inputs.replayWindow),
          schema: z.unknown(),
        });
      }
      // The live deploy takes no replay window (TF internal/api/transform.go:336-356).
      await context.client.call({
        method: "PUT",
        path: `${path}/deploy-job-live/${latestVersion}`,
        schema: z.unknown(),
      });
      deployed = true;
    }
  } catch (error) {
    if (!StreamkapError.is(error)) throw error;
    // Not all of the change runs: keep the previous values in state so the change stays pending.
    throw new DeployFailure(error, {
      implementation: previous?.implementation ?? null,
      unitTest: previous?.unitTest ?? null,
      deploy: previous?.deploy ?? null,
    });
  }
  if (!deployed) return {};
  return { jobStatus: await waitForJob(context, path, inputs.deployTimeoutSeconds ?? defaultDeployTimeoutSeconds) };
}

async function writeImplementation(
  context: KindContext,
  path: string,
  id: string,
  inputs: DeployInputs,
  wire: DeployWire,
): Promise<string> {
  const answer = await context.client.call({
    method: "PUT",
    path: `${path}/implementation_details`,
    body: {
      transform_id: id,
      config: wire.config,
      implementation: implementationBody(inputs, wire) ?? null,
    },
    schema: implementationAnswer,
  });
  const written = versionText(answer.version_id ?? answer.version ?? answer.implementation?.version);
  if (written !== undefined) return written;
  // An answer without the version: the transform's latest version is the one just written.
  const page = await context.client.call({
    method: "GET",
    path,
    schema: envelope(transformRecord),
  });
  const latest = versionText(page.result[0]?.version);
  if (latest === undefined) {
    const what = "no version for the implementation just stored";
    throw errors.unexpectedAnswer({ resource: context.label, what }, { method: "GET", path });
  }
  return latest;
}

async function runUnitTest(context: KindContext, path: string, version: string, name: string): Promise<void> {
  const call = { method: "PUT" as const, path: `${path}/run-unit-tests/${version}` };
  const answer = await context.client.call({ ...call, schema: unitTestAnswer });
  const test = answer.unit_test;
  if (test?.is_success === true) return;
  if (!test || test.is_success === undefined || test.is_success === null) {
    throw errors.unexpectedAnswer({ resource: context.label, what: "no unit test result" }, call);
  }
  throw errors.of(
    context.label,
    ErrorCodes.rejected,
    `unit test "${test.test_name ?? name}" failed on version ${version}, so nothing was ` +
      `deployed. The service's diff:\n${test.text_diff || "(no diff given)"}\n` +
      "Fix the implementation or the test's `expectedOutput`.",
    call,
  );
}

/**
 * Polls the job until it runs, fails, or the deadline passes. Right after a deploy the job is not registered
 * yet and the service answers 400 "Job not found"; any failed poll is treated as transient, and FAILING,
 * CANCELLING, INITIALIZING, DEPLOYING, CREATED and RESTARTING keep it waiting (TF base.go:442-494, 808-838).
 */
async function waitForJob(context: KindContext, path: string, timeoutSeconds: number): Promise<string> {
  const deadline = Date.now() + timeoutSeconds * 1000;
  let last: string;
  for (let wait = 200; ; wait = Math.min(wait * 2, 5_000)) {
    try {
      const { status } = await context.client.call({
        method: "GET",
        path: `${path}/job_status`,
        schema: jobStatusAnswer,
      });
      const current = status ?? "UNKNOWN";
      if (runningStatuses.has(current)) return current;
      if (failedStatuses.has(current)) {
        throw errors.of(
          context.label,
          ErrorCodes.rejected,
          `the transform's job is ${current}. Its errors are listed by GET ${path}/errors and ` +
            "in the web console; fix the implementation, then run `pulumi up`.",
        );
      }
      last = current;
    } catch (error) {
      if (!StreamkapError.is(error) || error.call === undefined) throw error;
      last = `unknown: ${describeCall(error.call)}`;
    }
    if (Date.now() + wait > deadline) {
      const deadline = `\`deployTimeoutSeconds\` deadline (${timeoutSeconds} s)`;
      throw errors.timedOut({ resource: context.label, outcome: "its job did not start", deadline, last });
    }
    await sleep(wait);
  }
}
