module example.com/exact-text

go 1.26.8

require github.com/swarmhost/swarmhost/sdk v0.1.0
