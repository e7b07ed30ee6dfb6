resource ci "streamkap:index:ClientCredential" {
  roles       = ["viewer"]
  description = "CI checks"
}
