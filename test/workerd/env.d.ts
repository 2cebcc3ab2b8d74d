// Types of `env` and `exports` from "cloudflare:workers" in the workerd tests: the Worker's own
// bindings and module (workers-types merges these declarations into its Cloudflare namespace).
type WorkerEnv = import("../../worker/cloudflare/env").Env;

declare namespace Cloudflare {
  interface Env extends WorkerEnv {}
  interface GlobalProps {
    mainModule: typeof import("../../worker/index");
  }
}
