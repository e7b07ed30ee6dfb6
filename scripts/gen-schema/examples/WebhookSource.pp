resource storefront "streamkap:index:WebhookSource" {
  topics         = ["carts", "checkouts"]
  defaultTopic   = "carts"
  addDeleteField = true
}
