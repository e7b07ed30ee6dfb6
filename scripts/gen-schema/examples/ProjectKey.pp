resource dashboard "streamkap:index:ProjectKey" {
  description = "Read-only access for the operations dashboard"
  permissions = ["pipelines:read", "topics:read"]
}
