namespace Popcorn.Server.Tests.Gateway.Upstreams.OpenApi;

/// <summary>
/// The OpenAPI 3.0 document of <see cref="PlainShippingService"/>, written by hand as a service's team would: a list
/// and a by-id operation, a faulty one, a POST and an operation without an operationId (neither served), a cycle
/// (<c>TrackingEvent.next</c>), a nullable reference in 3.0's spelling (<c>allOf</c> with <c>nullable</c>).
/// </summary>
public static class ShippingDocument
{
    public const string Json = """
        {
          "openapi": "3.0.3",
          "info": { "title": "Shipping (a plain JSON service)", "version": "1" },
          "paths": {
            "/shipments": {
              "get": {
                "operationId": "listShipments",
                "summary": "Every shipment, or those of one carrier.",
                "parameters": [ { "name": "carrier", "in": "query", "schema": { "type": "string" } } ],
                "responses": { "200": { "description": "ok", "content": { "application/json": { "schema": { "type": "array", "items": { "$ref": "#/components/schemas/Shipment" } } } } } }
              },
              "post": {
                "operationId": "createShipment",
                "responses": { "201": { "description": "created" } }
              }
            },
            "/shipments/{id}": {
              "parameters": [ { "name": "id", "in": "path", "required": true, "schema": { "type": "integer", "format": "int32" } } ],
              "get": {
                "operationId": "GetShipment",
                "responses": {
                  "200": { "description": "ok", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Shipment" } } } },
                  "404": { "description": "no such shipment" }
                }
              }
            },
            "/faulty/{fault}": {
              "get": {
                "operationId": "faultyShipments",
                "parameters": [ { "name": "fault", "in": "path", "required": true, "schema": { "type": "string" } } ],
                "responses": { "200": { "description": "ok", "content": { "application/json": { "schema": { "type": "array", "items": { "$ref": "#/components/schemas/Shipment" } } } } } }
              }
            },
            "/ping": {
              "get": { "responses": { "200": { "description": "ok", "content": { "text/plain": { "schema": { "type": "string" } } } } } }
            }
          },
          "components": {
            "schemas": {
              "Shipment": {
                "type": "object",
                "description": "A parcel on its way.",
                "required": [ "id", "trackingCode", "delivered", "destination" ],
                "properties": {
                  "id": { "type": "integer", "format": "int32" },
                  "trackingCode": { "type": "string" },
                  "carrier": { "type": "string", "nullable": true },
                  "weightKg": { "type": "number" },
                  "delivered": { "type": "boolean" },
                  "destination": { "$ref": "#/components/schemas/Address" },
                  "returnTo": { "allOf": [ { "$ref": "#/components/schemas/Address" } ], "nullable": true },
                  "labels": { "type": "array", "items": { "type": "string" } },
                  "events": { "type": "array", "items": { "$ref": "#/components/schemas/TrackingEvent" } }
                }
              },
              "Address": {
                "type": "object",
                "required": [ "city" ],
                "properties": { "city": { "type": "string" }, "postcode": { "type": "string" } }
              },
              "TrackingEvent": {
                "type": "object",
                "required": [ "at" ],
                "properties": { "at": { "type": "string", "format": "date-time" }, "note": { "type": "string" }, "next": { "$ref": "#/components/schemas/TrackingEvent" } }
              }
            }
          }
        }
        """;
}
