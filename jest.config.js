// Tests are written in TypeScript and compiled by `tsc` (npm's pretest) into dist/; jest runs the compiled files.
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/dist/tests"],
  testMatch: ["**/*.test.js"],
  transform: {},
  // Engine tests start pulumi processes; two workers keep a 2-core machine responsive.
  maxWorkers: 2,
  testTimeout: 10 * 60 * 1000,
  verbose: true,
  reporters: ["default", "<rootDir>/tests/summary-reporter.js"],
};
