// Package sdkmodule publishes the SDK module (sdk/, its own go.mod) into a
// local file module proxy, as tagging a release would publish it, so that a
// test can build a plugin in a fresh module outside the repository that
// requires github.com/swarmhost/swarmhost/sdk by version, with no replace.
package sdkmodule
