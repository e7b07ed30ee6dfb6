/**
 * The part of Pulumi's provider protocol the plugin speaks, declared here: the messages of `pulumirpc` it reads
 * and answers (their field numbers as Pulumi's `proto/pulumi/provider.proto`, `plugin.proto` and `engine.proto`
 * publish them), and the well-known Google types they carry. Declaring the subset, instead of loading the
 * generated code inside `@pulumi/pulumi`, keeps the plugin off whatever copy of that package a user installed:
 * it runs the same on every version of it. Fields the plugin does not read are left out; protobuf skips them.
 */
import * as protobuf from "protobufjs";

const definitions = `
syntax = "proto3";
package google.protobuf;
message Struct { map<string, Value> fields = 1; }
message Value {
  oneof kind {
    NullValue null_value = 1;
    double number_value = 2;
    string string_value = 3;
    bool bool_value = 4;
    Struct struct_value = 5;
    ListValue list_value = 6;
  }
}
enum NullValue { NULL_VALUE = 0; }
message ListValue { repeated Value values = 1; }
message Empty {}
message Any { string type_url = 1; bytes value = 2; }
`;

const rpc = `
syntax = "proto3";
package pulumirpc;
import "google/protobuf/struct.proto";

message PluginInfo { string version = 1; }
message PluginAttach { string address = 1; }
message GetSchemaRequest { int32 version = 1; }
message GetSchemaResponse { string schema = 1; }
// How another tool's types map onto this provider's (key "terraform": Pulumi's Terraform converter asks).
message GetMappingRequest { string key = 1; string provider = 2; }
message GetMappingResponse { string provider = 1; bytes data = 2; }
message GetMappingsRequest { string key = 1; }
message GetMappingsResponse { repeated string providers = 1; }

message ConfigureRequest {
  map<string, string> variables = 1;
  google.protobuf.Struct args = 2;
  bool acceptSecrets = 3;
  bool acceptResources = 4;
}
message ConfigureResponse {
  bool acceptSecrets = 1;
  bool supportsPreview = 2;
  bool acceptResources = 3;
  bool acceptOutputs = 4;
}

message CheckRequest { string urn = 1; google.protobuf.Struct olds = 2; google.protobuf.Struct news = 3; }
message CheckFailure { string property = 1; string reason = 2; }
message CheckResponse { google.protobuf.Struct inputs = 1; repeated CheckFailure failures = 2; }

message DiffRequest {
  string id = 1;
  string urn = 2;
  google.protobuf.Struct olds = 3;
  google.protobuf.Struct news = 4;
  repeated string ignoreChanges = 5;
  google.protobuf.Struct old_inputs = 6;
}
message PropertyDiff {
  enum Kind { ADD = 0; ADD_REPLACE = 1; DELETE = 2; DELETE_REPLACE = 3; UPDATE = 4; UPDATE_REPLACE = 5; }
  Kind kind = 1;
  bool inputDiff = 2;
}
message DiffResponse {
  enum DiffChanges { DIFF_UNKNOWN = 0; DIFF_NONE = 1; DIFF_SOME = 2; }
  repeated string replaces = 1;
  repeated string stables = 2;
  bool deleteBeforeReplace = 3;
  DiffChanges changes = 4;
  repeated string diffs = 5;
  map<string, PropertyDiff> detailedDiff = 6;
  bool hasDetailedDiff = 7;
}

message CreateRequest { string urn = 1; google.protobuf.Struct properties = 2; double timeout = 3; bool preview = 4; }
message CreateResponse { string id = 1; google.protobuf.Struct properties = 2; }

message ReadRequest {
  string id = 1;
  string urn = 2;
  google.protobuf.Struct properties = 3;
  google.protobuf.Struct inputs = 4;
}
message ReadResponse { string id = 1; google.protobuf.Struct properties = 2; google.protobuf.Struct inputs = 3; }

message UpdateRequest {
  string id = 1;
  string urn = 2;
  google.protobuf.Struct olds = 3;
  google.protobuf.Struct news = 4;
  double timeout = 5;
  repeated string ignoreChanges = 6;
  bool preview = 7;
  google.protobuf.Struct old_inputs = 8;
}
message UpdateResponse { google.protobuf.Struct properties = 1; }

message DeleteRequest {
  string id = 1;
  string urn = 2;
  google.protobuf.Struct properties = 3;
  double timeout = 4;
  google.protobuf.Struct old_inputs = 5;
}

message InvokeRequest { string tok = 1; google.protobuf.Struct args = 2; }
message InvokeResponse { google.protobuf.Struct return = 1; repeated CheckFailure failures = 2; }

message ErrorResourceInitFailed {
  string id = 1;
  google.protobuf.Struct properties = 2;
  repeated string reasons = 3;
  google.protobuf.Struct inputs = 4;
}

enum LogSeverity { DEBUG = 0; INFO = 1; WARNING = 2; ERROR = 3; }
message LogRequest { LogSeverity severity = 1; string message = 2; string urn = 3; int32 streamId = 4; bool ephemeral = 5; }
`;

const status = `
syntax = "proto3";
package google.rpc;
import "google/protobuf/struct.proto";
message Status { int32 code = 1; string message = 2; repeated google.protobuf.Any details = 3; }
`;

const root = new protobuf.Root();
for (const source of [definitions, rpc, status]) protobuf.parse(source, root, { keepCase: false });
root.resolveAll();

/**
 * A message of the protocol as a plain object: camelCase fields, absent fields absent. Enums are numbers as read,
 * and may be written by their names in the definitions above (`changes: "DIFF_SOME"`), which protobufjs encodes.
 */
export type Message = Record<string, unknown>;

export function decode(type: string, bytes: Buffer): Message {
  const messageClass = root.lookupType(type);
  return messageClass.toObject(messageClass.decode(bytes), { longs: Number, enums: Number, bytes: Buffer });
}

export function encode(type: string, message: Message): Buffer {
  const messageClass = root.lookupType(type);
  return Buffer.from(messageClass.encode(messageClass.fromObject(message)).finish());
}
