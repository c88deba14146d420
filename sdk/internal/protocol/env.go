package protocol

// PluginTLSEnv is where the host hands a Go plugin the one-time certificate
// and private key (PEM, P-256) it is to answer with, in place of the P-521
// pair go-plugin's AutoMTLS would make in the plugin. The host pins that
// certificate as the only one it accepts, as it pins the one an AutoMTLS
// plugin sends in its handshake line; the plugin still accepts only the
// host's certificate (PLUGIN_CLIENT_CERT). A plugin that does not read it
// (a Python plugin) sends its own certificate, which the host then pins
// instead.
const PluginTLSEnv = "SWARMHOST_PLUGIN_TLS"

// ClientCertEnv is go-plugin's AutoMTLS variable holding the host's
// certificate (PEM).
const ClientCertEnv = "PLUGIN_CLIENT_CERT"

// MetadataStuck starts the warning a plugin process writes to stderr when
// one of its Metadata methods has not returned after a while. Serve calls
// every Metadata before the go-plugin handshake, so a hang there looks like
// a slow start from outside; the host finds this line in the plugin's
// stderr and names the real cause.
const MetadataStuck = "Metadata has not returned"
