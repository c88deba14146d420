//go:build !unix

package cli

// ownedByUser is true where file owners are not unix uids.
func ownedByUser(string) bool { return true }
