// Streamkap change-data-capture: sources, destinations, pipelines, transforms, topics and access.
package streamkap
