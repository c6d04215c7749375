using Popcorn.Playground;

// `dotnet run --project playground` serves the API, the /graphql gateway and the UI on http://localhost:5000.
var app = PlaygroundApp.Build(args);
app.Run();
