// Command swarmhost-k8s-volume is the node half of the ReadWriteMany volume of the local multi-node
// cluster (scripts/k8s.sh start --nodes N): a CSI node plugin that mounts a directory an OpenSSH
// server exports (over SFTP) into a pod with sshfs, so that pods on every node read and write the
// same files. Each node runs one, beside its kubelet and in its network namespace; the kubelet
// finds it through its plugin registration directory. It has no controller half: its volumes are
// PersistentVolumes made ahead of time (no provisioning, no attach), which scripts/k8s-volume.sh
// creates. It serves this machine's test cluster only; a real cluster uses its own ReadWriteMany
// class (NFS, CephFS, EFS, Filestore, Azure Files).
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"github.com/container-storage-interface/spec/lib/go/csi"
	"google.golang.org/grpc"
	registration "k8s.io/kubelet/pkg/apis/pluginregistration/v1"
)

// config is the plugin's command line.
type config struct {
	driver, node, socket, registry string
	mount                          sshfsOptions
}

func main() {
	var c config
	flag.StringVar(&c.driver, "driver", "sftp.swarmhost.local", "the CSI driver name PersistentVolumes name")
	flag.StringVar(&c.node, "node", "", "this node's name (the CSI node id)")
	flag.StringVar(&c.socket, "socket", "", "the CSI endpoint: a unix socket path")
	flag.StringVar(&c.registry, "registry", "", "the kubelet's plugin registration directory (ROOT/plugins_registry)")
	flag.StringVar(&c.mount.key, "key", "", "the SSH private key sshfs logs in with")
	flag.StringVar(&c.mount.knownHosts, "known-hosts", "", "the known_hosts file that holds the servers' host keys")
	flag.StringVar(&c.mount.sshfs, "sshfs", "sshfs", "the sshfs program")
	flag.Parse()
	if c.node == "" || c.socket == "" || c.registry == "" || c.mount.key == "" || c.mount.knownHosts == "" {
		fmt.Fprintln(os.Stderr, "usage: swarmhost-k8s-volume --node NAME --socket PATH --registry DIR --key FILE --known-hosts FILE")
		os.Exit(2)
	}
	if err := serve(c); err != nil {
		log.Fatal(err)
	}
}

// serve answers the kubelet on two sockets, the CSI endpoint and the registration one, until SIGTERM.
func serve(c config) error {
	csiLis, err := listen(c.socket)
	if err != nil {
		return err
	}
	regLis, err := listen(filepath.Join(c.registry, c.driver+"-reg.sock"))
	if err != nil {
		return err
	}
	csiSrv, regSrv := grpc.NewServer(), grpc.NewServer()
	csi.RegisterIdentityServer(csiSrv, identity{name: c.driver})
	csi.RegisterNodeServer(csiSrv, &node{id: c.node, opts: c.mount})
	registration.RegisterRegistrationServer(regSrv, registrar{name: c.driver, endpoint: c.socket})
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	errs := make(chan error, 2)
	go func() { errs <- csiSrv.Serve(csiLis) }()
	go func() { errs <- regSrv.Serve(regLis) }()
	log.Printf("driver %s on node %s: CSI at %s, registered through %s", c.driver, c.node, c.socket, regLis.Addr())
	select {
	case err = <-errs:
	case <-ctx.Done():
	}
	regSrv.Stop()
	csiSrv.Stop()
	return err
}

// listen listens on a unix socket at path, replacing a stale socket file a killed plugin left.
func listen(path string) (net.Listener, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
		return nil, err
	}
	if err := os.Remove(path); err != nil && !os.IsNotExist(err) {
		return nil, err
	}
	return net.Listen("unix", path)
}
