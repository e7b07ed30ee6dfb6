resource events "streamkap:index:Topic" {
  name       = "events"
  partitions = 3
}
