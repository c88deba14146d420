// Mounts the npm log viewer (@metrevals/inspect-log-viewer) as its README
// shows, over the static-HTTP API its package exports (simpleHttpApi): the
// page's ?log_dir= names a folder holding the logs and a listing.json that
// maps each log's file name to its header. scripts/viewer-deps.sh bundles
// this file with esbuild; host/e2e/viewer_npm_e2e_test.go serves the bundle.
import { createRoot } from "react-dom/client";
import { App, clientApi, initializeStore, simpleHttpApi } from "@metrevals/inspect-log-viewer";
import "@metrevals/inspect-log-viewer/styles/index.css";

const logDir = new URLSearchParams(window.location.search).get("log_dir") || "logs";
const api = clientApi(simpleHttpApi(logDir));
initializeStore(api, {
  downloadFiles: false,
  webWorkers: false,
  streamSamples: false,
  streamSampleData: false,
  nativeFind: false,
});
createRoot(document.getElementById("root")).render(<App api={api} />);
