! An MPI program as HPC codes write them: implicit none, the module's
! constants in declarations (an array bound, a kind), its procedures
! called, and an OpenMP loop whose scratch 'tmp' races.
program halo
  use mpi
  implicit none
  integer :: ierr, rank, i, n
  integer :: status(MPI_STATUS_SIZE)
  integer(kind=MPI_OFFSET_KIND) :: offset
  double precision :: tmp, a(1000), t0, q
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  t0 = MPI_Wtime()
  q = MPI_QUARTER
  offset = 0
  n = 1000
  !$omp parallel do
  do i = 1, n
    tmp = i * 2.0d0 + q
    a(i) = tmp + rank
  end do
  !$omp end parallel do
  call MPI_Allreduce(MPI_IN_PLACE, a, n, MPI_DOUBLE_PRECISION, MPI_SUM, &
                     MPI_COMM_WORLD, ierr)
  if (status(1) == MPI_UNDEFINED) offset = 1
  call MPI_Finalize(ierr)
end program
