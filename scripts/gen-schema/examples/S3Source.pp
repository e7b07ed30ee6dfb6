config awsAccessKeyId "string" {
  secret = true
}

config awsSecretAccessKey "string" {
  secret = true
}

resource landing "streamkap:index:S3Source" {
  awsAccessKeyId     = awsAccessKeyId
  awsSecretAccessKey = awsSecretAccessKey
  awsS3Region        = "us-east-1"
  awsS3BucketName    = "example-landing"
  awsS3BucketPrefix  = "orders/"
}
