import { configure } from "@testing-library/react";

// findBy… and waitFor wait for what the visitor would see next; on a loaded two-core machine that
// can take seconds (the default, one second, failed these tests beside a build). Waiting longer
// never makes a test pass that should fail: it only ends sooner when the answer comes.
configure({ asyncUtilTimeout: 15_000 });
