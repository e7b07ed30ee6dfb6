config opsSlackWebhook "string" {
  secret = true
}

resource ops "streamkap:index:AlertSubscriber" {
  subscriberId = "ops-team"
  name         = "Operations"
  email        = "ops@example.com"
  channels = {
    slack = {
      webhookUrl = opsSlackWebhook
    }
  }
  preferences = [
    {
      alert    = "connector_status"
      channels = ["email", "slack"]
    },
    {
      alert    = "lag"
      channels = ["slack"]
    },
  ]
}
