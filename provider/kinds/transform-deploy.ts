import { z } from "zod";

import { sleep } from "../client/retry";
import type { Json, JsonObject, KindContext } from "../engine/kind";
import { compact, semanticEqual } from "../engine/values";
import { ErrorCodes, StreamkapError } from "../errors";
import { type ImplementationLanguage, type TransformConfigInputs, transformConfig } from "./transform-config";

/** What the deploy steps read from the inputs (see transform.ts for the full schema). */
export interface DeployInputs extends TransformConfigInputs {
  implementation?: {
    language: ImplementationLanguage;
    valueTransform?: string;
    keyTransform?: string;
    topicTransform?: string;
  };
  unitTest?: { name?: string; input: JsonObject[]; expectedOutput: JsonObject[] };
  deploy?: boolean;
  replayWindow?: string;
  deployTimeoutSeconds?: number;
}

/** The versions as the transform reports them before the deploy steps run. */
export interface DeployedVersions {
  version?: string;
  previewVersion?: string;
  liveVersion?: string;
}

/** @default 10 minutes: a Flink job usually starts in one or two. */
export const defaultDeployTimeoutSeconds = 600;

const version = z.union([z.number(), z.string()]).nullish();
const implementationAnswer = z.looseObject({
  version_id: version,
  version,
  implementation: z.looseObject({ version }).nullish(),
});
const unitTestAnswer = z.looseObject({
  unit_test: z
    .looseObject({
      test_name: z.string().nullish(),
      is_success: z.boolean().nullish(),
      text_diff: z.string().nullish(),
    })
    .nullish(),
});
const jobStatusAnswer = z.looseObject({ status: z.string().nullish(), job_name: z.string().nullish() });

const runningStatuses = new Set(["RUNNING"]);
const failedStatuses = new Set(["FAILING", "FAILED", "CANCELLING", "CANCELED", "STOPPED"]);

/** Text of a version number or string; undefined for none. */
export function versionText(value: unknown): string | undefined {
  return value === null || value === undefined || value === "" ? undefined : String(value);
}

/** The implementation as `PUT …/implementation_details` and `PUT /transforms` take it. */
export function implementationWire(inputs: DeployInputs, withUnitTest: boolean): JsonObject | undefined {
  const code = inputs.implementation;
  if (code === undefined) return undefined;
  const test = withUnitTest ? inputs.unitTest : undefined;
  const record = (item: JsonObject) =>
    compact({ topic: item.topic, key: item.key, value: item.value, timestamp: item.timestamp });
  return compact({
    language: code.language,
    value_transform: code.valueTransform ?? "",
    key_transform: code.keyTransform ?? "",
    topic_transform: code.topicTransform ?? "",
    unit_test: test
      ? {
          test_name: test.name ?? "pulumi",
          input__json: test.input.map(record) as Json[],
          output__json: test.expectedOutput.map(record) as Json[],
        }
      : undefined,
  });
}

/** An error whose `outputs` the engine stores with the transform (see ConvergeFailure in engine/kind.ts). */
class DeployFailure extends StreamkapError {
  constructor(
    cause: StreamkapError,
    readonly outputs: JsonObject,
  ) {
    super(cause.code, cause.message, cause.call);
  }
}

/**
 * After create or update: write the implementation as a new version (when it changed), run its unit test and
 * stop at a failing one, deploy the version as the preview job, promote it live when `deploy` is set, and wait
 * for the job with the `deployTimeoutSeconds` deadline. Returns the job status.
 *
 * When the code was not deployed, the error keeps the previous `implementation` and `unitTest` in state, so the
 * next preview still shows that change and the next `up` writes and tests it again.
 */
export async function deployTransform(
  context: KindContext,
  id: string,
  inputs: DeployInputs,
  before: DeployedVersions,
  previous: JsonObject | undefined,
): Promise<JsonObject> {
  if (inputs.implementation === undefined) return {};
  // A latest version other than the one in state was written by a failed run (its test failed) or outside
  // Pulumi: it is never deployed as is, the code is written and tested again.
  const codeChanged =
    previous === undefined ||
    before.version === undefined ||
    versionText(previous.version) !== before.version ||
    !semanticEqual(previous.implementation, inputs.implementation) ||
    !semanticEqual(previous.unitTest, inputs.unitTest);
  const path = `/transforms/${encodeURIComponent(id)}`;
  const query = compact({ replay_window: inputs.replayWindow }) as Record<string, string>;

  let deployed = false;
  try {
    // Unchanged code implies a version in state equal to the service's latest (see `codeChanged`).
    let current = before.version ?? "";
    if (codeChanged) {
      current = await writeImplementation(context, path, id, inputs);
      if (inputs.unitTest !== undefined) await runUnitTest(context, path, current, inputs.unitTest.name ?? "pulumi");
    }
    if (codeChanged || before.previewVersion !== current) {
      await context.client.call({
        method: "PUT",
        path: `${path}/deploy-job-preview/${current}`,
        query,
        schema: z.unknown(),
      });
      deployed = true;
    }
    if (inputs.deploy === true && (codeChanged || before.liveVersion !== current)) {
      await context.client.call({
        method: "PUT",
        path: `${path}/deploy-job-live/${current}`,
        query,
        schema: z.unknown(),
      });
      deployed = true;
    }
  } catch (error) {
    if (!StreamkapError.is(error)) throw error;
    // Nothing (or not all) of the new code runs: keep the previous code in state so the change stays pending.
    throw new DeployFailure(
      error,
      deployed ? {} : { implementation: previous?.implementation ?? null, unitTest: previous?.unitTest ?? null },
    );
  }
  if (!deployed && inputs.deploy !== true) return {};
  return { jobStatus: await waitForJob(context, path, inputs.deployTimeoutSeconds ?? defaultDeployTimeoutSeconds) };
}

async function writeImplementation(
  context: KindContext,
  path: string,
  id: string,
  inputs: DeployInputs,
): Promise<string> {
  const answer = await context.client.call({
    method: "PUT",
    path: `${path}/implementation_details`,
    body: {
      transform_id: id,
      config: transformConfig(inputs),
      implementation: implementationWire(inputs, true) ?? null,
    },
    schema: implementationAnswer,
  });
  const written = versionText(answer.version_id ?? answer.version ?? answer.implementation?.version);
  if (written !== undefined) return written;
  // An answer without the version: the transform's latest version is the one just written.
  const page = await context.client.call({
    method: "GET",
    path,
    schema: z.looseObject({ result: z.array(z.looseObject({ version })) }),
  });
  const latest = versionText(page.result[0]?.version);
  if (latest === undefined) {
    throw new StreamkapError(
      ErrorCodes.unexpectedResponse,
      `${context.label}: the service stored the implementation but reports no version of it; please report this.`,
    );
  }
  return latest;
}

async function runUnitTest(context: KindContext, path: string, version: string, name: string): Promise<void> {
  const call = { method: "PUT" as const, path: `${path}/run-unit-tests/${version}` };
  const answer = await context.client.call({ ...call, schema: unitTestAnswer });
  const test = answer.unit_test;
  if (test?.is_success === true) return;
  if (!test || test.is_success === undefined || test.is_success === null) {
    throw new StreamkapError(
      ErrorCodes.unexpectedResponse,
      `${context.label}: PUT ${call.path} answered no unit test result; please report this.`,
      call,
    );
  }
  throw new StreamkapError(
    ErrorCodes.rejected,
    `${context.label}: unit test "${test.test_name ?? name}" failed on version ${version}, so nothing was ` +
      `deployed. The service's diff:\n${test.text_diff || "(no diff given)"}\n` +
      "Fix the implementation or the test's `expectedOutput`.",
    call,
  );
}

/** Polls the job until it runs, fails, or the deadline passes. */
async function waitForJob(context: KindContext, path: string, timeoutSeconds: number): Promise<string> {
  const deadline = Date.now() + timeoutSeconds * 1000;
  for (let wait = 200; ; wait = Math.min(wait * 2, 5_000)) {
    const { status } = await context.client.call({
      method: "GET",
      path: `${path}/job_status`,
      schema: jobStatusAnswer,
    });
    const current = status ?? "UNKNOWN";
    if (runningStatuses.has(current)) return current;
    if (failedStatuses.has(current)) {
      throw new StreamkapError(
        ErrorCodes.rejected,
        `${context.label}: the transform's job is ${current}. Its errors are listed by GET ${path}/errors and in ` +
          "the web console; fix the implementation, then run `pulumi up`.",
      );
    }
    if (Date.now() + wait > deadline) {
      throw new StreamkapError(
        ErrorCodes.timeout,
        `${context.label}: the transform's job was still ${current} after ${timeoutSeconds} seconds ` +
          "(`deployTimeoutSeconds`). Run `pulumi up` again to keep waiting, or raise `deployTimeoutSeconds`.",
      );
    }
    await sleep(wait);
  }
}
