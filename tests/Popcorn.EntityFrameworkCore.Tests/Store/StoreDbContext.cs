using Microsoft.EntityFrameworkCore;

namespace Popcorn.EntityFrameworkCore.Tests.Store;

/// <summary>The test store: customers, orders, order lines, products.</summary>
public class StoreDbContext(DbContextOptions<StoreDbContext> options) : DbContext(options)
{
    public DbSet<Customer> Customers => Set<Customer>();

    public DbSet<Order> Orders => Set<Order>();

    public DbSet<OrderLine> OrderLines => Set<OrderLine>();

    public DbSet<Product> Products => Set<Product>();

    public DbSet<Coupon> Coupons => Set<Coupon>();

    protected override void OnModelCreating(ModelBuilder modelBuilder)
    {
        modelBuilder.Entity<Customer>().HasOne(c => c.ReferredBy).WithMany().HasForeignKey(c => c.ReferredById);
        modelBuilder.Entity<Order>().HasOne(o => o.Customer).WithMany(c => c.Orders).HasForeignKey(o => o.CustomerId);
        modelBuilder.Entity<Order>().HasMany(o => o.Lines).WithOne().HasForeignKey(l => l.OrderId);
        modelBuilder.Entity<OrderLine>().HasOne(l => l.Product).WithMany().HasForeignKey(l => l.ProductId);

        // Many-to-many through a join table EF Core makes: a skip navigation, which no grouped statement counts.
        modelBuilder.Entity<Coupon>().HasMany(c => c.RedeemedBy).WithMany().UsingEntity("CouponRedemptions");
    }
}
