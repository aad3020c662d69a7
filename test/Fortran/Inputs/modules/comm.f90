! A project's own module over MPI, as ELPA's elpa_mpi is: its Flang module
! file says 'use mpi' for what it takes from it.
module comm
  use mpi, only: mpi_comm_world, mpi_sum
  implicit none
  integer :: world = mpi_comm_world
end module comm
