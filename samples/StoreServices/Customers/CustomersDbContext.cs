using Microsoft.EntityFrameworkCore;

namespace Popcorn.StoreServices.Customers;

/// <summary>The customers service's database: one table.</summary>
public class CustomersDbContext(DbContextOptions<CustomersDbContext> options) : DbContext(options)
{
    /// <summary>Every customer.</summary>
    public DbSet<Customer> Customers => Set<Customer>();
}
