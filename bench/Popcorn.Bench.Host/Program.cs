using Popcorn.Bench.Host;

// bench/http/run.sh starts this in Release with --urls http://127.0.0.1:PORT; see bench/README.md.
// --write-bodies DIR writes the GraphQL comparison's POST bodies (one NAME.json per case) for wrk, and exits.
int bodies = Array.IndexOf(args, "--write-bodies");
if (bodies >= 0)
{
    Directory.CreateDirectory(args[bodies + 1]);
    foreach (var graphQLCase in GraphQLCases.All)
    {
        File.WriteAllBytes(Path.Combine(args[bodies + 1], graphQLCase.Name + ".json"), graphQLCase.Body());
    }

    return;
}

var app = BenchHostApp.Build(args);
app.Run();
