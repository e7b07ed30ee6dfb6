config analyticsKafkaPassword "string" {
  secret = true
}

resource analytics "streamkap:index:KafkaUser" {
  username   = "analytics"
  password   = analyticsKafkaPassword
  allowedIps = ["203.0.113.0/24"]
  acls = [
    {
      topic       = "source_"
      operation   = "READ"
      patternType = "PREFIXED"
    },
    {
      topic       = "analytics-"
      operation   = "READ"
      patternType = "PREFIXED"
      resource    = "GROUP"
    },
  ]
}
