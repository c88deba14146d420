// Package multinode holds the end-to-end tests of a sharded study on a cluster of several nodes
// (scripts/k8s.sh --instance NAME start --nodes 3): the shards spread over the nodes, write their
// logs to a ReadWriteMany claim, survive a deleted pod and a stopped node by continuing their own
// logs in new pods elsewhere, and merge into the log one process writes. The tests run when
// SWARMHOST_K8S_MULTINODE names the cluster's instance (.ci/run starts it and sets it); they fail
// rather than skip when SWARMHOST_EXPECT_K8S_MULTINODE is set. The package has no code of its own.
package multinode
