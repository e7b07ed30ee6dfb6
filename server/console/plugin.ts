/**
 * The web console as one encapsulated fastify plugin, registered under `consolePath` by whoever composes the server
 * (server/index.ts): `app.register(consolePlugin, { prefix: consolePath, answerNotFound })`. Everything the console
 * needs of HTTP beyond the API's own rules lives in this plugin's scope, invisible to the API's routes: its form
 * bodies (forms.ts), the options of its routes, and its answer to paths under it with no route. Its session cookie
 * is read and written by its routes (routes.ts). The API's HTTP layer (server/http) imports nothing of it.
 */
import type { FastifyPluginAsync } from "fastify";
import type { AnswerNotFound, RouteConfig } from "../http/app";
import { acceptFormBodies, consoleFormLimits } from "./forms";
import { consolePath, registerConsoleRoutes } from "./routes";

export { consolePath };

export interface ConsoleOptions {
  /** The clock of the console's sessions and sign-in throttle (tests move it; default `Date.now`). */
  now?: () => number;
  /**
   * The server's answer to a path with no route (404, or 405 with `Allow`): the console answers paths under it with
   * no route itself, so that its form parser reaches them, and in the same words as every other path.
   */
  answerNotFound: AnswerNotFound;
}

/** No bearer token: a session cookie instead (the composition tells the API's HTTP layer the prefix is not its). */
const noBearerToken: RouteConfig = { auth: false };

export const consolePlugin: FastifyPluginAsync<ConsoleOptions> = async (app, options) => {
  acceptFormBodies(app);
  // Every route of the console, now and added later, gets its options here, never one by one.
  app.addHook("onRoute", (route) => {
    route.config = { ...(route.config as RouteConfig | undefined), ...noBearerToken };
    // A form's body bounded while it is still arriving (H1).
    route.bodyLimit = consoleFormLimits.bytes;
  });
  // Under the plugin's prefix only: a path the console has no route for still passes its parser (a form too big or
  // with too many fields is refused as on its routes), then is answered as the server answers any such path.
  app.setNotFoundHandler(options.answerNotFound);
  registerConsoleRoutes(app, { now: options.now });
};
