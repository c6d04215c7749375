using Popcorn.EntityFrameworkCore.Tests.Store;

namespace Popcorn.EntityFrameworkCore.Tests.Infrastructure;

/// <summary>A seeded test store on one provider, with the SQL it was sent.</summary>
public interface IStoreDatabase : IDisposable
{
    SqlCapture Sql { get; }

    StoreDbContext CreateContext();
}
