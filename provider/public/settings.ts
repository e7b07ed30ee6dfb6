/**
 * What the SDK's classes check of the provider's settings before a program declares its first resource. Every
 * program loads it, so it is an entry of its own, light to load: provider/public/sdk brings the client and the
 * catalogue (about 200 ms), which most programs never need.
 */
export { ErrorCodes, withCodeTag } from "../errors";
export { settingProblems } from "../settings";
